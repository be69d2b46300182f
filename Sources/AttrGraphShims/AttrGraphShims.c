#include "AttrGraphShims.h"

_Thread_local void *_Nullable ag_thread_context_slot = 0;
