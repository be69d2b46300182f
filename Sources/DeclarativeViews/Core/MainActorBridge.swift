/// How graph code, which the compiler does not know runs on the main actor, calls the view
/// layer's main-actor code: checked, never by bit-casting isolation away.

/// Calls a main-actor function from graph code that runs on the main actor without the
/// compiler knowing it: rules run inside host updates, and every host entry point is
/// `@MainActor`. Checked in every build (`MainActor.assumeIsolated` stops the process when the
/// caller is not on the main actor).
///
/// The input and the output cross by address, in a non-generic carrier: this code runs
/// unspecialised for every body, and carrying the values themselves in a ``MainActorHop`` looked
/// up the hop's generic metadata for the input's type and the output's type at each call.
@inline(__always)
func _callOnMainActor<Input, Output>(_ input: Input, _ body: @MainActor (Input) -> Output) -> Output {
    withUnsafeTemporaryAllocation(of: Output.self, capacity: 1) { output in
        withUnsafePointer(to: input) { input in
            let addresses = MainActorAddresses(
                input: UnsafeRawPointer(input), output: UnsafeMutableRawPointer(output.baseAddress.unsafelyUnwrapped))
            MainActor.assumeIsolated {
                let result = body(addresses.input.assumingMemoryBound(to: Input.self).pointee)
                addresses.output.assumingMemoryBound(to: Output.self).initialize(to: result)
            }
        }
        return output.baseAddress.unsafelyUnwrapped.move()
    }
}

/// An input's and an output's addresses, carried into `MainActor.assumeIsolated` by
/// ``_callOnMainActor(_:_:)``. `@unchecked Sendable` is sound for the reason ``MainActorHop``'s
/// is: the closure runs synchronously on the calling thread, while both addresses are valid.
struct MainActorAddresses: @unchecked Sendable {
    let input: UnsafeRawPointer
    let output: UnsafeMutableRawPointer
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
