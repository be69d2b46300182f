#define _GNU_SOURCE
#include <pthread.h>
#include "AttrGraphShims.h"

_Atomic(int) ag_trace_active_flag = 0;

_Thread_local void *_Nullable ag_thread_context_slot __attribute__((tls_model("initial-exec"))) = 0;

// MARK: - Swift runtime calls

typedef struct {
    const void *_Nullable metadata;
    size_t state; // MetadataState: 0 is complete.
} ag_metadata_response;

extern __attribute__((swiftcall)) size_t swift_getMetadataKind(const void *metadata);
extern __attribute__((swiftcall)) ag_metadata_response swift_getTupleTypeMetadata(
    size_t request, size_t flags, const void *_Nonnull const *_Nonnull elements, const char *_Nullable labels,
    const void *_Nullable proposed_witnesses);

size_t ag_metadata_kind(const void *metadata) {
    return swift_getMetadataKind(metadata);
}

const void *ag_tuple_type_metadata(size_t count, const void *_Nonnull const *_Nonnull elements) {
    // Request 0 is "complete, blocking"; the flags' low 16 bits are the element count (no labels).
    ag_metadata_response response = swift_getTupleTypeMetadata(0, count & 0xffff, elements, 0, 0);
    return response.state == 0 ? response.metadata : 0;
}

// The value-witness table sits one word before the metadata's address point. Its words: eight
// functions, size, stride, flags (32 bits) and extra-inhabitant count (32 bits), then, for enums,
// getEnumTag, destructiveProjectEnumData and destructiveInjectEnumTag.
enum {
    ag_vwt_flags_word = 10,
    ag_vwt_get_enum_tag = 11,
    ag_vwt_project_enum_data = 12,
    ag_vwt_inject_enum_tag = 13,
    ag_vwt_has_enum_witnesses = 0x00200000,
};

typedef uint32_t (__attribute__((swiftcall)) *ag_get_enum_tag_fn)(const void *value, const void *metadata);
typedef void (__attribute__((swiftcall)) *ag_project_enum_data_fn)(void *value, const void *metadata);
typedef void (__attribute__((swiftcall)) *ag_inject_enum_tag_fn)(void *value, uint32_t tag, const void *metadata);

static const void *_Nonnull const *ag_value_witnesses(const void *metadata) {
    return ((const void *_Nonnull const *_Nonnull const *)metadata)[-1];
}

int ag_has_enum_witnesses(const void *metadata) {
    const uint32_t flags = *(const uint32_t *)&ag_value_witnesses(metadata)[ag_vwt_flags_word];
    return (flags & ag_vwt_has_enum_witnesses) != 0;
}

uint32_t ag_enum_tag(const void *metadata, const void *value) {
    return ((ag_get_enum_tag_fn)ag_value_witnesses(metadata)[ag_vwt_get_enum_tag])(value, metadata);
}

void ag_project_enum_data(const void *metadata, void *value) {
    ((ag_project_enum_data_fn)ag_value_witnesses(metadata)[ag_vwt_project_enum_data])(value, metadata);
}

void ag_inject_enum_tag(const void *metadata, void *value, uint32_t tag) {
    ((ag_inject_enum_tag_fn)ag_value_witnesses(metadata)[ag_vwt_inject_enum_tag])(value, tag, metadata);
}

// MARK: - Threads

int ag_thread_name(uintptr_t thread, char *buffer, size_t size) {
    return pthread_getname_np((pthread_t)thread, buffer, size);
}
