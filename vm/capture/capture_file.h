// The .animcap container (docs/capture.md): a 32-byte header (magic "ANCP", version, header size,
// flags, body size, FNV-1a 64 checksum of the body) and a body of two sections, ASET (the assets
// the frames were recorded against) and FRMS (the frames). The loader is as strict as the
// bytecode's: magic, version, sizes and checksum first, then every count bounded by the bytes left
// and the format's limits, every pose the size the assets give, every slot and task field read
// whole, nothing trailing. A loaded capture's task lists are still checked against the program
// they replay on (ValidateTaskList, at replay).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "vm/capture/anim_capture.h"

namespace anim {

inline constexpr char kCaptureMagic[5] = "ANCP";  // the first four bytes
inline constexpr uint32_t kCaptureHeaderSize = 32;

std::vector<uint8_t> EncodeCapture(const AnimCapture& capture);

struct CaptureLoad {
  bool ok = false;
  std::string error;  // one line, empty when ok
  AnimCapture capture;
};

CaptureLoad DecodeCapture(std::span<const uint8_t> bytes);

// EncodeCapture into the file at `path`, for an engine without a file layer of its own: written to
// `path`.tmp and renamed over `path` once complete, so a reader never sees half a capture. False
// with `error` naming the path and the reason (strerror) when it cannot.
bool WriteCaptureFile(const AnimCapture& capture, const std::string& path, std::string& error);

}  // namespace anim
