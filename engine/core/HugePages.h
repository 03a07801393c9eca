#pragma once

#include <cstddef>
#include <vector>

namespace tidemark {

// Asks the kernel to back [data, data + bytes) with transparent huge pages where it can: a buffer of hundreds of
// megabytes written once (loaded records, a recorded trace) otherwise takes a page fault per 4 KiB, and those
// faults cost more than the writes. Only the whole 2 MiB pages inside the range are advised; the call is a hint
// that changes no contents and fails silently where the system has no such pages.
void adviseHugePages(void* data, std::size_t bytes);

// Room for n elements in v, on huge pages where the system has them.
template <class T, class Allocator> void reserveOnHugePages(std::vector<T, Allocator>& v, std::size_t n)
{
    v.reserve(n);
    adviseHugePages(v.data(), v.capacity() * sizeof(T));
}

} // namespace tidemark
