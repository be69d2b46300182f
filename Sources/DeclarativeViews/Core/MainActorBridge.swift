/// How graph code, which the compiler does not know runs on the main actor, calls the view
/// layer's main-actor code: checked, never by bit-casting isolation away.

/// Calls a main-actor function from graph code that runs on the main actor without the
/// compiler knowing it: rules run inside host updates, and every host entry point is
/// `@MainActor`. Checked in every build (`MainActor.assumeIsolated` stops the process when the
/// caller is not on the main actor).
@inline(__always)
func _callOnMainActor<Input, Output>(_ input: Input, _ body: @MainActor (Input) -> Output) -> Output {
    let input = MainActorHop(input)
    return MainActor.assumeIsolated { MainActorHop(body(input.value)) }.value
}

/// Carries a value into and out of `MainActor.assumeIsolated`, which requires `Sendable`
/// results, and main-actor closures into main-actor tasks. `@unchecked Sendable` is sound: it is
/// only used on the main actor — assumeIsolated runs its closure synchronously on the calling
/// thread after checking that it is the main actor's, and the closures it carries into tasks are
/// `@MainActor` and run there.
struct MainActorHop<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
