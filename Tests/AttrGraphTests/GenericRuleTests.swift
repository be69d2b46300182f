import AttrGraph
import AttrGraphTestSupport
import Testing

/// Rules created through a generic wrapper (their value is not statically `Equatable` where the
/// attribute is made) take the specialised evaluation path: the same cut-offs, and values are
/// moved into place and released exactly once.
@Suite struct GenericRuleTests {
    struct Wrapped<Value>: Rule {
        let body: () -> Value
        var value: Value { body() }
    }

    /// What a user's generic helper does: `Attribute(rule)` where the value type is a parameter.
    func computed<Value>(_ body: @escaping () -> Value) -> Attribute<Value> {
        Attribute(Wrapped(body: body))
    }

    @Test func anEqualValueFromAGenericRuleCutsOffItsDependents() {
        let test = TestGraph()
        let trace = Trace()
        test {
            let input = Attribute(value: "a")
            let upper = computed { input.value.uppercased() }
            let length = Attribute(Traced("length", trace) { upper.value.count })
            #expect(length.value == 1)
            trace.take()
            input.value = "A"  // uppercased is still "A": cut off
            #expect(upper.value == "A")
            #expect(length.value == 1)
            #expect(trace.take() == [], "equal value: the dependent did not run")
            input.value = "ab"
            #expect(length.value == 2)
            #expect(trace.take() == ["length"])
        }
    }

    @Test func replacedValuesAreReleasedAndTheCurrentOneIsKept() {
        let test = TestGraph()
        let first = WeakToken()
        let second = WeakToken()
        test {
            let input = Attribute(value: 0)
            let tokens = computed { [Token("token \(input.value)")] }
            let firstToken = tokens.value[0]
            first.set(firstToken)
            input.value = 1
            let secondToken = tokens.value[0]
            second.set(secondToken)
            #expect(secondToken.name == "token 1")
            _ = tokens.value  // a clean read keeps the value
            #expect(tokens.value[0] === secondToken)
        }
        #expect(first.object == nil, "the replaced value was released")
        #expect(second.object != nil, "the current value is still held (by the test's local)")
    }

    @Test func closuresCompareByIdentity() {
        struct Opaque {
            let action: () -> Void
        }
        let test = TestGraph()
        let trace = Trace()
        test {
            let input = Attribute(value: 0)
            let opaque = computed { () -> Opaque in
                let captured = Token("run \(input.value)")
                return Opaque(action: { _ = captured })
            }
            let reader = Attribute(Traced("reader", trace) { _ = opaque.value; return 1 })
            _ = reader.value
            trace.take()
            input.value = 1
            _ = reader.value
            #expect(trace.take() == ["reader"], "a closure with a new context is a new value (closures compare by identity)")
        }
    }

    /// Rules run on their body in place (no copy per run). A rule that replaces its own body while
    /// it runs must not free what the running code still uses: the old body lives until the
    /// update ends (checked under the sanitizers too).
    @Test func aRuleReplacingItsOwnBodyWhileRunningKeepsTheOldBodyUntilTheUpdateEnds() {
        struct SelfReplacing: Rule {
            var token: Token
            var value: String {
                let name = token.name
                AnyAttribute.current!.mutateBody(as: SelfReplacing.self, invalidating: false) {
                    $0.token = Token("replacement")
                }
                // Whichever token the running code sees now must be alive: the engine kept the
                // replaced body alive.
                let after = token.name
                return after == "original" || after == "replacement" ? name : "broken"
            }
        }
        let test = TestGraph()
        let old = WeakToken()
        var observedDuringRun: Bool?
        test {
            let original = Token("original")
            old.set(original)
            let input = Attribute(value: 0)
            let attribute = Attribute(SelfReplacing(token: original))
            let reader = Attribute(Traced("reader", Trace()) { () -> String in
                _ = input.value
                let value = attribute.value
                observedDuringRun = old.object != nil
                return value
            })
            _ = consume original
            #expect(reader.value == "original")
            #expect(observedDuringRun == true)
        }
        #expect(old.object == nil, "released once the update ended")
    }
}

/// Holds a token weakly, for release checks.
private final class WeakToken {
    weak var object: Token?
    func set(_ object: Token) { self.object = object }
}
