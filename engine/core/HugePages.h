#pragma once

#include <cstddef>

namespace tidemark {

// Asks the kernel to back [data, data + bytes) with transparent huge pages where it can: a buffer of hundreds of
// megabytes written once (loaded records, a recorded trace) otherwise takes a page fault per 4 KiB, and those
// faults cost more than the writes. Only the whole 2 MiB pages inside the range are advised; the call is a hint
// that changes no contents and fails silently where the system has no such pages.
void adviseHugePages(void* data, std::size_t bytes);

} // namespace tidemark
