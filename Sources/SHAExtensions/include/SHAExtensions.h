// The SHA-256 compression function on the x86 SHA extensions (SHA-NI), for DairyModel's SHA256.
//
// Written in C because Swift cannot emit these instructions; the portable compression stays in
// Swift (Sources/DairyModel/Support/SHA256.swift) and is used wherever these are missing.

#ifndef SHA_EXTENSIONS_H
#define SHA_EXTENSIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Whether this processor has the SHA extensions (with SSSE3 and SSE4.1, which the compression
/// also uses). Always false off x86.
bool sha_extensions_available(void);

/// Compresses `blocks` 64-byte blocks of `data` into `state` (SHA-256's eight words, a first).
/// Call it only when `sha_extensions_available()`.
void sha_extensions_compress(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
