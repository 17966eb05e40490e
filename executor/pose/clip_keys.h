// The keys of a compressed clip (docs/asset-formats.md, "Clip encodings"). Frames stay uniformly
// spaced, as in a dense clip, but each bone's translation, rotation and scale is a track of its
// own, classified once:
//   - default: it holds the bind pose in every frame;
//   - constant: one value for every frame;
// (both live in the clip's base pose: the bind pose with the constant tracks' values, which
// sampling copies whole before it decodes the animated tracks);
//   - animated: one key per frame, range-reduced (component c as min[c] + step[c] * q for an
//     integer q) and quantized, or kept as floats. A quantized rotation is stored as its difference
//     d from a reference rotation r of the track (key = r * d), d made w >= 0 and kept as x, y, z
//     (w is the root of 1 - x^2 - y^2 - z^2): d usually stays near the identity, so w stays away
//     from 0 and x, y, z span a small range (a track that does not is kept as floats, which the
//     error-driven format choice finds). Kept as floats a rotation keeps all four components.
// Quantized keys take 8 bits a component (3 bytes a key), one 32-bit word shared by the components
// as the track's ranges need (say 20 + 6 + 6 bits for a joint that turns about one axis), or 16
// bits a component (6 bytes): the compressor picks each track's format by the error it causes.
// Animated tracks sit in groups of up to eight of one channel and format whose keys are laid out
// like a pose block (component-major lanes), so a sampler decodes eight tracks with a few vector
// operations and moves them into the pose (with AVX2 a block at a time, else lane by lane). A track may step
// (hold each key until the next).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "executor/math/quat.h"
#include "executor/pose/aligned_floats.h"
#include "executor/pose/pose.h"

namespace anim {

enum class TrackChannel : uint8_t { Translation = 0, Rotation = 1, Scale = 2 };
enum class KeyFormat : uint8_t { Unorm8 = 0, Packed32 = 1, Unorm16 = 2, Float32 = 3 };

inline constexpr int kTrackLanes = 8;
// Sampling loads whole lane vectors, so the key and range arrays end in this many spare bytes.
inline constexpr std::size_t kKeyPadding = 32;
// A group's lanes are one pose block's bones' worth, and a lane vector of floats fits the padding.
static_assert(kTrackLanes == kPoseBlockBones);
static_assert(kKeyPadding >= kTrackLanes * sizeof(float));

// Up to kTrackLanes animated tracks of one channel and format. In a frame's keys the group's
// `lanes` lanes sit component-major from `offset` (component c of lane i at c * lanes + i; Packed32
// keeps one 32-bit word per lane, x in its low bits[0][i] bits, then y, then z). Its ranges
// (quantized formats only) sit in CompressedKeys::ranges from `range_offset`: min of component c at
// c * lanes + i, step at (3 + c) * lanes + i, and for rotations the reference's component c
// (x y z w) at (6 + c) * lanes + i.
//
// Where the decoded lanes go in a pose is worked out once from `bones` (PlanBlockWrites): one
// BlockWrite per pose block the lanes' bones fall in, in block order, so a sampler can move a
// whole block's worth of lanes into place with a permute and a masked blend.
struct BlockWrite {
  uint16_t block = 0;                 // bones [8 * block, 8 * block + 8)
  uint8_t mask = 0;                   // bit j: bone 8 * block + j is one of the group's
  uint8_t lane_of[kTrackLanes] = {};  // for each bone j in `mask`: the lane holding it
};

struct TrackGroup {
  TrackChannel channel = TrackChannel::Translation;
  KeyFormat format = KeyFormat::Float32;
  uint8_t lanes = 0;
  uint8_t step_lanes = 0;     // bit i: lane i steps
  uint32_t offset = 0;        // bytes from the start of a frame's keys
  uint32_t range_offset = 0;  // floats into CompressedKeys::ranges
  uint16_t bones[kTrackLanes] = {};
  uint8_t bits[3][kTrackLanes] =
      {};  // Packed32: bits of component c in lane i, each at most 24, at most 32 in all
  // Derived from `bones` (PlanBlockWrites): CompressedKeys::writes[first_write, + write_count).
  uint32_t first_write = 0;
  uint8_t write_count = 0;
};

// Components a key stores, and its bytes.
inline int KeyComponents(TrackChannel channel, KeyFormat format) {
  return channel == TrackChannel::Rotation && format == KeyFormat::Float32 ? 4 : 3;
}
inline int KeyBytes(TrackChannel channel, KeyFormat format) {
  switch (format) {
    case KeyFormat::Unorm8:
      return 3;
    case KeyFormat::Packed32:
      return 4;
    case KeyFormat::Unorm16:
      return 6;
    case KeyFormat::Float32:
      break;
  }
  return 4 * KeyComponents(channel, format);
}
inline bool IsQuantized(KeyFormat format) {
  return format != KeyFormat::Float32;
}
// Floats of ranges per lane of a quantized group.
inline int RangeFloats(TrackChannel channel) {
  return channel == TrackChannel::Rotation ? 10 : 6;
}

// The largest q of a quantized format's component (Packed32: of `bits` bits).
inline uint32_t QuantizedMax(KeyFormat format, int bits = 0) {
  switch (format) {
    case KeyFormat::Unorm8:
      return 255;
    case KeyFormat::Packed32:
      return bits >= 32 ? 0xffffffffu : (1u << bits) - 1u;
    case KeyFormat::Unorm16:
      return 65535;
    case KeyFormat::Float32:
      break;
  }
  return 0;
}

struct CompressedKeys {
  // What every channel that is not animated holds: the bind pose with the constant tracks' values,
  // a whole pose (PoseFloatCount(bone count) floats, the pose layout of executor/pose/pose.h).
  AlignedFloats base;
  std::vector<TrackGroup> groups;
  std::vector<float> ranges;       // kKeyPadding bytes of zeros past the last group's
  uint32_t frame_bytes = 0;        // the keys of one frame, every group's in turn
  std::vector<uint8_t> keys;       // frame after frame, then kKeyPadding zero bytes
  std::vector<BlockWrite> writes;  // every group's, in group order (PlanBlockWrites)

  // Every byte the encoding holds, its own fields included.
  std::size_t Bytes() const {
    return sizeof(CompressedKeys) + base.capacity() * sizeof(float) + groups.size() * sizeof(TrackGroup) +
           ranges.size() * sizeof(float) + keys.size() + writes.size() * sizeof(BlockWrite);
  }
};

// Fills `writes` and each group's share of them from the groups' bones: per group, one BlockWrite
// per pose block its bones fall in, in block order.
inline void PlanBlockWrites(CompressedKeys& keys) {
  keys.writes.clear();
  for (TrackGroup& g : keys.groups) {
    g.first_write = static_cast<uint32_t>(keys.writes.size());
    for (int lane = 0; lane < g.lanes; ++lane) {
      const int block = g.bones[lane] / kPoseBlockBones;
      const auto first = keys.writes.begin() + g.first_write;
      auto at = first;
      while (at != keys.writes.end() && at->block < block)
        ++at;
      if (at == keys.writes.end() || at->block != block)
        at = keys.writes.insert(at, BlockWrite{static_cast<uint16_t>(block), 0, {}});
      const int j = g.bones[lane] % kPoseBlockBones;
      at->mask = static_cast<uint8_t>(at->mask | 1u << j);
      at->lane_of[j] = static_cast<uint8_t>(lane);
    }
    g.write_count = static_cast<uint8_t>(keys.writes.size() - g.first_write);
  }
}

// Component c of lane `lane` of a group's key in the frame whose keys start at `frame_keys`, as
// stored: the integer q (as a float) for the quantized formats, the value for Float32.
inline float StoredComponent(const TrackGroup& g, const uint8_t* frame_keys, int c, int lane) {
  const uint8_t* group_keys = frame_keys + g.offset;
  switch (g.format) {
    case KeyFormat::Unorm8:
      return static_cast<float>(group_keys[c * g.lanes + lane]);
    case KeyFormat::Packed32: {
      if (g.bits[c][lane] == 0) return 0.0f;
      uint32_t word = 0;
      std::memcpy(&word, group_keys + 4 * lane, sizeof word);
      int shift = 0;
      for (int before = 0; before < c; ++before)
        shift += g.bits[before][lane];
      return static_cast<float>((word >> shift) & QuantizedMax(g.format, g.bits[c][lane]));
    }
    case KeyFormat::Unorm16: {
      uint16_t q = 0;
      std::memcpy(&q, group_keys + 2 * (c * g.lanes + lane), sizeof q);
      return static_cast<float>(q);
    }
    case KeyFormat::Float32:
      break;
  }
  float v = 0.0f;
  std::memcpy(&v, group_keys + 4 * (c * g.lanes + lane), sizeof v);
  return v;
}

// Lane `lane`'s key as the group holds it, decoded from its range: x y z (w 0) for a translation or
// scale; for a rotation the quaternion itself (Float32) or its difference d from the lane's
// reference rotation (quantized: w >= 0 from x, y, z). Sampling interpolates these and only then
// turns a difference into a rotation (RotationReference(...) * d: nlerp commutes with a unit
// rotation), so it multiplies once per sample, not once per key. The SIMD sampler computes
// exactly this, operation for operation.
inline void DecodeStoredKey(const TrackGroup& g, const float* ranges, const uint8_t* frame_keys, int lane,
                            float out[4]) {
  const bool rotation = g.channel == TrackChannel::Rotation;
  if (!IsQuantized(g.format)) {
    for (int c = 0; c < KeyComponents(g.channel, g.format); ++c)
      out[c] = StoredComponent(g, frame_keys, c, lane);
    if (!rotation) out[3] = 0.0f;
    return;
  }
  const float* range = ranges + g.range_offset;
  for (int c = 0; c < 3; ++c)
    out[c] =
        range[c * g.lanes + lane] + range[(3 + c) * g.lanes + lane] * StoredComponent(g, frame_keys, c, lane);
  out[3] = rotation ? std::sqrt(std::fmax(0.0f, 1.0f - out[0] * out[0] - out[1] * out[1] - out[2] * out[2]))
                    : 0.0f;
}

// Whether a group's stored rotations are differences from a per-lane reference.
inline bool HoldsRotationDifferences(const TrackGroup& g) {
  return g.channel == TrackChannel::Rotation && IsQuantized(g.format);
}

// The reference rotation of lane `lane` of a group that HoldsRotationDifferences.
inline Quat RotationReference(const TrackGroup& g, const float* ranges, int lane) {
  const float* range = ranges + g.range_offset;
  return {range[6 * g.lanes + lane], range[7 * g.lanes + lane], range[8 * g.lanes + lane],
          range[9 * g.lanes + lane]};
}

// The value of lane `lane`'s key: x y z, and w for a rotation (a unit quaternion with w >= 0, up
// to the quantization).
inline void DecodeKey(const TrackGroup& g, const float* ranges, const uint8_t* frame_keys, int lane,
                      float out[4]) {
  DecodeStoredKey(g, ranges, frame_keys, lane, out);
  if (!HoldsRotationDifferences(g)) return;
  const Quat q = RotationReference(g, ranges, lane) * Quat{out[0], out[1], out[2], out[3]};
  out[0] = q.x, out[1] = q.y, out[2] = q.z, out[3] = q.w;
}

}  // namespace anim
