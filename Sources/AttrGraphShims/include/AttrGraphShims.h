// AttrGraph's C shim: what Swift cannot express itself.
//
// 1. A native thread-local slot for the engine's per-thread context. Swift has no thread-local
//    variables; `pthread_getspecific` costs a call (~3 ns) on paths the engine takes per read.
//    This slot is a C11 `_Thread_local` pointer read by `static inline` accessors, which Swift
//    inlines (one load through the thread pointer). The context itself, and its destruction when
//    the thread ends, stay in Swift (`_ThreadLocal` in AttrGraph).
//
// 2. Calls into the Swift runtime that use the Swift calling convention (clang's `swiftcall`):
//    a type's metadata kind, tuple type metadata, and an enum's value-witness functions (read the
//    tag, project the payload, put the tag back). Swift code may not name runtime symbols itself.
//    These rely on the Swift ABI's value-witness table layout (stable on Apple platforms since
//    Swift 5.0, the same on Linux); `Metadata` in AttrGraph documents which of its parts do.
#ifndef ATTRGRAPH_SHIMS_H
#define ATTRGRAPH_SHIMS_H

#include <stddef.h>
#include <stdint.h>

#pragma clang assume_nonnull begin

// The initial-exec TLS model: the slot is at a fixed offset from the thread pointer, reached
// without a `__tls_get_addr` call (the default for position-independent code on Linux). It needs
// the slot in the static TLS block: true for executables, test runners and libraries loaded at
// startup; glibc keeps spare static TLS for small slots like this one in libraries opened later
// with dlopen. (Darwin ignores the model.)
extern _Thread_local void *_Nullable ag_thread_context_slot __attribute__((tls_model("initial-exec")));

/// This thread's engine context, or NULL before the thread first used a graph.
static inline void *_Nullable ag_thread_context(void) {
    return ag_thread_context_slot;
}

static inline void ag_set_thread_context(void *_Nullable context) {
    ag_thread_context_slot = context;
}

/// 3. Whether a timeline trace is being written (`AGTrace.isEnabled`), read on every view body
///    and run-loop flush: a statically initialised C11 atomic, so a check is one relaxed load
///    (a Swift global would be initialised lazily, a call per check).
extern _Atomic(int) ag_trace_active_flag;

static inline int ag_trace_active(void) {
    return __c11_atomic_load(&ag_trace_active_flag, __ATOMIC_RELAXED);
}

static inline void ag_set_trace_active(int active) {
    __c11_atomic_store(&ag_trace_active_flag, active, __ATOMIC_RELAXED);
}

/// 4. Atomic operations on a plain word in raw memory (a graph's exclusive-use words,
///    ``ExclusiveUseWords`` in AttrGraph). Swift's `Atomic` lives inside an object, and reaching it
///    through a stored reference retains and releases the object around every use; a word at a
///    fixed address is reached with one load and no reference counting.
static inline uintptr_t ag_word_load_relaxed(const uintptr_t *word) {
    return __atomic_load_n(word, __ATOMIC_RELAXED);
}

static inline void ag_word_store_relaxed(uintptr_t *word, uintptr_t value) {
    __atomic_store_n(word, value, __ATOMIC_RELAXED);
}

static inline void ag_word_store_releasing(uintptr_t *word, uintptr_t value) {
    __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

/// Replaces `*word` with `desired` if it holds `*expected` (acquiring); otherwise stores what it
/// holds in `*expected`. Returns whether it replaced it.
static inline int ag_word_compare_exchange_acquiring(uintptr_t *word, uintptr_t *expected, uintptr_t desired) {
    return __atomic_compare_exchange_n(word, expected, desired, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

/// The runtime's metadata kind of a type (`swift_getMetadataKind`): 0 for classes, 0x200 for
/// structs, and so on (Swift's `MetadataKind`).
size_t ag_metadata_kind(const void *metadata);

/// The metadata of the tuple type with `count` element types (`swift_getTupleTypeMetadata`), or
/// NULL when the runtime could not complete it.
const void *_Nullable ag_tuple_type_metadata(size_t count, const void *_Nonnull const *_Nonnull elements);

/// Whether the type's value-witness table has the enum witnesses (enums and optionals).
int ag_has_enum_witnesses(const void *metadata);

/// The case index of the enum value at `value` (payload cases first, in declaration order).
uint32_t ag_enum_tag(const void *metadata, const void *value);

/// Leaves the payload of the enum value at `value` in place and clears its tag bits (the value is
/// not a valid enum value again until `ag_inject_enum_tag`).
void ag_project_enum_data(const void *metadata, void *value);

/// Makes the payload at `value` an enum value of case `tag`.
void ag_inject_enum_tag(const void *metadata, void *value, uint32_t tag);

/// The name of the thread `thread` (a `pthread_t`) into `buffer`; 0 on success
/// (`pthread_getname_np`, which Swift's Glibc module does not show).
int ag_thread_name(uintptr_t thread, char *buffer, size_t size);

#pragma clang assume_nonnull end

#endif
