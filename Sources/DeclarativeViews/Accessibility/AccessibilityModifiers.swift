import Foundation

// The accessibility modifiers (SwiftUI's `accessibilityLabel(_:)` and the rest), each in all of
// SwiftUI's forms. Each returns the view with an ``AccessibilityAttachmentModifier``, which
// records it on the view's nodes (and carries its action handlers for the driver).

extension View {
    private func attach(_ key: String, _ value: String = "") -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        modifier(AccessibilityAttachmentModifier(key, value))
    }

    private func attach(_ attachment: AccessibilityAttachmentModifier.Attachment)
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    {
        modifier(AccessibilityAttachmentModifier(attachment))
    }

    // MARK: Label, value, hint, identifier

    /// What assistive technologies call the view (recorded as `accessibilityLabel=…`); the driver
    /// finds a control by it too (`tap("Close")` on an icon-only button labelled "Close").
    public func accessibilityLabel(_ label: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach("accessibilityLabel", label.content)
    }

    public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach("accessibilityLabel", labelKey.visible)
    }

    @_disfavoredOverload
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach("accessibilityLabel", String(label))
    }

    /// The view's value as read aloud (`accessibilityValue=50%`).
    public func accessibilityValue(_ valueDescription: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach("accessibilityValue", valueDescription.content)
    }

    public func accessibilityValue(_ valueKey: LocalizedStringKey) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach("accessibilityValue", valueKey.visible)
    }

    @_disfavoredOverload
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach("accessibilityValue", String(value))
    }

    /// What happens when the view is activated, read after its label (`accessibilityHint=…`).
    public func accessibilityHint(_ hint: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach("accessibilityHint", hint.content)
    }

    public func accessibilityHint(_ hintKey: LocalizedStringKey) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach("accessibilityHint", hintKey.visible)
    }

    @_disfavoredOverload
    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach("accessibilityHint", String(hint))
    }

    /// An identifier for UI tests (`accessibilityIdentifier=…`): ``ViewHost/tap(accessibilityIdentifier:)``
    /// and ``InspectedView/find(viewWithAccessibilityIdentifier:)`` find the view by it.
    public func accessibilityIdentifier(_ identifier: String) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach("accessibilityIdentifier", identifier)
    }

    /// Hides the view from assistive technologies (`accessibilityHidden`): it has no accessible
    /// name, so the driver does not find a control by the text inside it.
    public func accessibilityHidden(_ hidden: Bool) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach("accessibilityHidden", hidden ? "" : "false")
    }

    /// Other names Voice Control and Full Keyboard Access accept (`accessibilityInputLabels=Send, Submit`).
    public func accessibilityInputLabels(_ inputLabels: [Text]) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach("accessibilityInputLabels", inputLabels.map(\.content).joined(separator: ", "))
    }

    public func accessibilityInputLabels(_ inputLabelKeys: [LocalizedStringKey])
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    {
        attach("accessibilityInputLabels", inputLabelKeys.map(\.visible).joined(separator: ", "))
    }

    @_disfavoredOverload
    public func accessibilityInputLabels<S: StringProtocol>(_ inputLabels: [S])
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    {
        attach("accessibilityInputLabels", inputLabels.map { String($0) }.joined(separator: ", "))
    }

    // MARK: Traits and structure

    /// Adds traits to the view's element (`accessibilityAddTraits=isButton isHeader`, accumulated).
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach(.traits(key: "accessibilityAddTraits", traits))
    }

    /// Removes traits from the view's element (`accessibilityRemoveTraits=isImage`, accumulated).
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach(.traits(key: "accessibilityRemoveTraits", traits))
    }

    /// Makes the view a heading of `level` (`accessibilityHeading=h2`).
    public func accessibilityHeading(_ level: AccessibilityHeadingLevel) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach("accessibilityHeading", level.name)
    }

    /// Where the element is read in its container's order: higher first (`accessibilitySortPriority=2`).
    public func accessibilitySortPriority(_ sortPriority: Double) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach("accessibilitySortPriority", _number(sortPriority))
    }

    /// Where activating the element touches it (`accessibilityActivationPoint=(10, 20)`).
    public func accessibilityActivationPoint(_ activationPoint: CGPoint) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach("accessibilityActivationPoint", "(\(_number(Double(activationPoint.x))), \(_number(Double(activationPoint.y))))")
    }

    /// Where activating the element touches it, in its unit square (`accessibilityActivationPoint=unit(0, 0.5)`).
    public func accessibilityActivationPoint(_ activationPoint: UnitPoint) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach("accessibilityActivationPoint", "unit(\(_number(Double(activationPoint.x))), \(_number(Double(activationPoint.y))))")
    }

    /// Whether the element is interactive for assistive technologies (`accessibilityRespondsToUserInteraction`).
    public func accessibilityRespondsToUserInteraction(_ respondsToUserInteraction: Bool = true)
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    {
        attach("accessibilityRespondsToUserInteraction", respondsToUserInteraction ? "" : "false")
    }

    /// What kind of text the view holds (`accessibilityTextContentType=sourceCode`).
    public func accessibilityTextContentType(_ value: AccessibilityTextContentType)
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    {
        attach("accessibilityTextContentType", value.name)
    }

    /// Makes the view an area touches reach directly under VoiceOver (`accessibilityDirectTouch=silentOnTouch`).
    public func accessibilityDirectTouch(_ isDirectTouchArea: Bool = true, options: AccessibilityDirectTouchOptions = [])
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    {
        attach("accessibilityDirectTouch", isDirectTouchArea ? options.names : "false")
    }

    /// Keeps the view's colors when the display inverts colors (`accessibilityIgnoresInvertColors`).
    public func accessibilityIgnoresInvertColors(_ active: Bool = true) -> some View {
        attach("accessibilityIgnoresInvertColors", active ? "" : "false")
    }

    /// Shows the view in the large content viewer while pressed (`accessibilityShowsLargeContentViewer`).
    public func accessibilityShowsLargeContentViewer() -> some View {
        attach("accessibilityShowsLargeContentViewer")
    }

    /// Shows `largeContentView` in the large content viewer while the view is pressed (laid over
    /// the view unseen, marked `hidden=accessibilityShowsLargeContentViewer`).
    public func accessibilityShowsLargeContentViewer<V: View>(@ViewBuilder _ largeContentView: () -> V) -> some View {
        _accessibilityOverlay("accessibilityShowsLargeContentViewer", largeContentView())
    }

    /// Gives the element children made of `children`'s views, for a view that draws its content
    /// (a chart in a `Canvas`): laid over the view unseen, marked `hidden=accessibilityChildren`.
    public func accessibilityChildren<V: View>(@ViewBuilder children: () -> V) -> some View {
        _accessibilityOverlay("accessibilityChildren", children())
    }

    /// Has assistive technologies read `representation` in place of the view: laid over the view
    /// unseen, marked `hidden=accessibilityRepresentation`; its accessibility actions are the
    /// view's (``ViewHost/performAccessibilityAction(_:on:)`` taps its buttons).
    public func accessibilityRepresentation<V: View>(@ViewBuilder representation: () -> V) -> some View {
        _accessibilityOverlay("accessibilityRepresentation", representation())
    }

    /// Pairs a label view with its content view (`accessibilityLabeledPair=label ID`).
    public func accessibilityLabeledPair<ID: Hashable>(role: AccessibilityLabeledPairRole, id: ID, in namespace: Namespace.ID)
        -> some View
    {
        attach("accessibilityLabeledPair", "\(role) \(id)")
    }

    /// Links the elements that share `id` in `namespace` (`accessibilityLinkedGroup=ID`).
    public func accessibilityLinkedGroup<ID: Hashable>(id: ID, in namespace: Namespace.ID) -> some View {
        attach("accessibilityLinkedGroup", "\(id)")
    }

    // MARK: Custom content

    /// More about the view, read on request or (with `importance: .high`) with it
    /// (`accessibilityCustomContent=Age: 3; Owner: Ann`, accumulated; the same key replaced).
    public func accessibilityCustomContent(
        _ key: AccessibilityCustomContentKey, _ value: Text?, importance: AXCustomContent.Importance = .default
    ) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach(.customContent(id: key.id, label: key.label, value: value?.content, importance: importance))
    }

    public func accessibilityCustomContent(
        _ key: AccessibilityCustomContentKey, _ valueKey: LocalizedStringKey, importance: AXCustomContent.Importance = .default
    ) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach(.customContent(id: key.id, label: key.label, value: valueKey.visible, importance: importance))
    }

    @_disfavoredOverload
    public func accessibilityCustomContent<V: StringProtocol>(
        _ key: AccessibilityCustomContentKey, _ value: V, importance: AXCustomContent.Importance = .default
    ) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach(.customContent(id: key.id, label: key.label, value: String(value), importance: importance))
    }

    public func accessibilityCustomContent(_ label: Text, _ value: Text, importance: AXCustomContent.Importance = .default)
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    {
        attach(.customContent(id: label.content, label: label.content, value: value.content, importance: importance))
    }

    public func accessibilityCustomContent(
        _ labelKey: LocalizedStringKey, _ value: Text, importance: AXCustomContent.Importance = .default
    ) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach(.customContent(id: labelKey.key, label: labelKey.visible, value: value.content, importance: importance))
    }

    public func accessibilityCustomContent(
        _ labelKey: LocalizedStringKey, _ valueKey: LocalizedStringKey, importance: AXCustomContent.Importance = .default
    ) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach(.customContent(id: labelKey.key, label: labelKey.visible, value: valueKey.visible, importance: importance))
    }

    @_disfavoredOverload
    public func accessibilityCustomContent<V: StringProtocol>(
        _ labelKey: LocalizedStringKey, _ value: V, importance: AXCustomContent.Importance = .default
    ) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach(.customContent(id: labelKey.key, label: labelKey.visible, value: String(value), importance: importance))
    }

    // MARK: Actions

    /// Runs `handler` for the action `actionKind` (`.default`: activating the element; `.escape`,
    /// `.magicTap`…), recorded in `accessibilityActions=…` and run by
    /// ``ViewHost/performAccessibilityAction(_:on:)``.
    public func accessibilityAction(_ actionKind: AccessibilityActionKind = .default, _ handler: @escaping @MainActor () -> Void)
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    {
        attach(.action(name: actionKind.name, run: handler))
    }

    /// A custom action named `name` (in the element's actions rotor).
    public func accessibilityAction(named name: Text, _ handler: @escaping @MainActor () -> Void)
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    {
        attach(.action(name: name.content, run: handler))
    }

    public func accessibilityAction(named nameKey: LocalizedStringKey, _ handler: @escaping @MainActor () -> Void)
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    {
        attach(.action(name: nameKey.visible, run: handler))
    }

    @_disfavoredOverload
    public func accessibilityAction<S: StringProtocol>(named name: S, _ handler: @escaping @MainActor () -> Void)
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    {
        attach(.action(name: String(name), run: handler))
    }

    /// A custom action named by what `label` shows: a button laid over the view unseen (marked
    /// `hidden=accessibilityActions`), which ``ViewHost/performAccessibilityAction(_:on:)`` taps.
    public func accessibilityAction<Label: View>(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) -> some View {
        _accessibilityOverlay("accessibilityActions", Button(action: action, label: label))
    }

    /// Custom actions made of `content`'s buttons, each named by its label (laid over the view
    /// unseen, marked `hidden=accessibilityActions`; ``ViewHost/performAccessibilityAction(_:on:)``).
    public func accessibilityActions<Content: View>(@ViewBuilder _ content: () -> Content) -> some View {
        _accessibilityOverlay("accessibilityActions", content())
    }

    /// Runs `handler` when an assistive technology adjusts the element (a swipe up or down under
    /// VoiceOver; ``ViewHost/accessibilityAdjust(_:_:)``). Recorded as `accessibilityAdjustableAction`.
    public func accessibilityAdjustableAction(_ handler: @escaping @MainActor (AccessibilityAdjustmentDirection) -> Void)
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    {
        attach(.adjust(handler))
    }

    /// Runs `handler` when an assistive technology scrolls the element (``ViewHost/accessibilityScroll(_:edge:)``).
    public func accessibilityScrollAction(_ handler: @escaping @MainActor (Edge) -> Void)
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    {
        attach(.scroll(handler))
    }

    /// Runs `handler` when an assistive technology zooms the element (``ViewHost/accessibilityZoom(_:_:)``).
    public func accessibilityZoomAction(_ handler: @escaping @MainActor (AccessibilityZoomGestureAction) -> Void)
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    {
        attach(.zoom(handler))
    }

    // MARK: Speech

    /// The pitch VoiceOver reads the view at (`speechAdjustedPitch=0.5`).
    public func speechAdjustedPitch(_ value: Double) -> some View { attach("speechAdjustedPitch", _number(value)) }

    /// Whether VoiceOver reads punctuation (`speechAlwaysIncludesPunctuation`).
    public func speechAlwaysIncludesPunctuation(_ value: Bool = true) -> some View {
        attach("speechAlwaysIncludesPunctuation", value ? "" : "false")
    }

    /// Whether announcements wait for the current speech (`speechAnnouncementsQueued`).
    public func speechAnnouncementsQueued(_ value: Bool = true) -> some View {
        attach("speechAnnouncementsQueued", value ? "" : "false")
    }

    /// Whether VoiceOver spells the text out (`speechSpellsOutCharacters`).
    public func speechSpellsOutCharacters(_ value: Bool = true) -> some View {
        attach("speechSpellsOutCharacters", value ? "" : "false")
    }

    // MARK: Deprecated forms

    public func accessibility(label: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { accessibilityLabel(label) }
    public func accessibility(value: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { accessibilityValue(value) }
    public func accessibility(hint: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { accessibilityHint(hint) }
    public func accessibility(identifier: String) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        accessibilityIdentifier(identifier)
    }
    public func accessibility(hidden: Bool) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { accessibilityHidden(hidden) }
    public func accessibility(inputLabels: [Text]) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        accessibilityInputLabels(inputLabels)
    }
    public func accessibility(addTraits traits: AccessibilityTraits) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        accessibilityAddTraits(traits)
    }
    public func accessibility(removeTraits traits: AccessibilityTraits) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        accessibilityRemoveTraits(traits)
    }
    public func accessibility(sortPriority: Double) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        accessibilitySortPriority(sortPriority)
    }
    public func accessibility(activationPoint: CGPoint) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        accessibilityActivationPoint(activationPoint)
    }
    public func accessibility(activationPoint: UnitPoint) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        accessibilityActivationPoint(activationPoint)
    }
    /// The element's selection identifier (`accessibilitySelectionIdentifier=…`).
    public func accessibility(selectionIdentifier: AnyHashable) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        attach("accessibilitySelectionIdentifier", "\(selectionIdentifier.base)")
    }
}

extension AccessibilityHeadingLevel {
    /// `h1`…`h6`, `unspecified`.
    var name: String { self == .unspecified ? "unspecified" : "h\(rawValue)" }
}

extension View {
    /// `content` laid over the view where no user sees it (its nodes are marked
    /// `hidden=accessibilityActions`…): what assistive technologies get from the view, which tests
    /// read in the render tree and the driver reaches through the accessibility verbs.
    func _accessibilityOverlay<Content: View>(_ role: String, _ content: Content)
        -> ModifiedContent<Self, _DecorationModifier<ModifiedContent<Content, _StyleModifier>>>
    {
        overlay { content.modifier(_StyleModifier(key: "hidden", value: role)) }
    }
}
