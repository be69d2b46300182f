// AttrGraph's one C shim: a native thread-local slot for the engine's per-thread context.
//
// Swift has no thread-local variables; `pthread_getspecific` costs a call (~3 ns) on paths the
// engine takes per read. This slot is a C11 `_Thread_local` pointer read by `static inline`
// accessors, which Swift inlines (one load through the thread pointer). The context itself,
// and its destruction when the thread ends, stay in Swift (`_ThreadLocal` in AttrGraph).
#ifndef ATTRGRAPH_SHIMS_H
#define ATTRGRAPH_SHIMS_H

extern _Thread_local void *_Nullable ag_thread_context_slot;

/// This thread's engine context, or NULL before the thread first used a graph.
static inline void *_Nullable ag_thread_context(void) {
    return ag_thread_context_slot;
}

static inline void ag_set_thread_context(void *_Nullable context) {
    ag_thread_context_slot = context;
}

#endif
