#include "compiler/import/gltf_accessor.h"

#include <tiny_gltf.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace anim::gltf {

namespace {

int ComponentsOfType(int type) {
  switch (type) {
    case TINYGLTF_TYPE_SCALAR:
      return 1;
    case TINYGLTF_TYPE_VEC2:
      return 2;
    case TINYGLTF_TYPE_VEC3:
      return 3;
    case TINYGLTF_TYPE_VEC4:
      return 4;
    case TINYGLTF_TYPE_MAT4:
      return 16;
    default:
      return 0;
  }
}

int ComponentBytes(int component_type) {
  switch (component_type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      return 1;
    case TINYGLTF_COMPONENT_TYPE_SHORT:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT:
      return 2;
    case TINYGLTF_COMPONENT_TYPE_FLOAT:
      return 4;
    default:
      return 0;
  }
}

template <typename T>
T Load(const unsigned char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

// glTF 2.0 section 3.11: normalized integers to floats.
float ReadComponent(const unsigned char* p, int component_type) {
  switch (component_type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE:
      return std::max(static_cast<float>(Load<int8_t>(p)) / 127.0f, -1.0f);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      return static_cast<float>(Load<uint8_t>(p)) / 255.0f;
    case TINYGLTF_COMPONENT_TYPE_SHORT:
      return std::max(static_cast<float>(Load<int16_t>(p)) / 32767.0f, -1.0f);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT:
      return static_cast<float>(Load<uint16_t>(p)) / 65535.0f;
    default:
      return Load<float>(p);
  }
}

}  // namespace

std::optional<std::vector<float>> ReadFloatAccessor(const tinygltf::Model& model, int accessor_index,
                                                    int components, AccessorError& error) {
  const std::string what = "accessor " + std::to_string(accessor_index);
  if (accessor_index < 0 || static_cast<std::size_t>(accessor_index) >= model.accessors.size()) {
    error = {"I203", what + " does not exist (the file has " + std::to_string(model.accessors.size()) + ")"};
    return std::nullopt;
  }
  const tinygltf::Accessor& accessor = model.accessors[static_cast<std::size_t>(accessor_index)];
  if (accessor.sparse.isSparse) {
    error = {"I205",
             what + " is sparse; sparse accessors are not supported (export without sparse compression)"};
    return std::nullopt;
  }
  if (ComponentsOfType(accessor.type) != components) {
    error = {"I205", what + " has the wrong type: expected " + std::to_string(components) +
                         " components per element"};
    return std::nullopt;
  }
  const int component_bytes = ComponentBytes(accessor.componentType);
  const bool is_float = accessor.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT;
  if (component_bytes == 0 || (!is_float && !accessor.normalized)) {
    error = {"I205", what + " holds component type " + std::to_string(accessor.componentType) +
                         "; only float or normalized 8/16-bit integer data is supported"};
    return std::nullopt;
  }
  const std::size_t count = accessor.count;
  const std::size_t element_bytes =
      static_cast<std::size_t>(component_bytes) * static_cast<std::size_t>(components);
  if (count > (std::size_t{1} << 28)) {
    error = {"I203", what + " has an implausible count " + std::to_string(count)};
    return std::nullopt;
  }
  // An accessor without a buffer view is all zeros (glTF 2.0 section 3.6.2.1).
  if (accessor.bufferView < 0) {
    if (count > (std::size_t{1} << 22)) {
      error = {"I203", what + " has no buffer view and an implausible count " + std::to_string(count)};
      return std::nullopt;
    }
    return std::vector<float>(count * static_cast<std::size_t>(components), 0.0f);
  }
  if (static_cast<std::size_t>(accessor.bufferView) >= model.bufferViews.size()) {
    error = {"I203",
             what + " names buffer view " + std::to_string(accessor.bufferView) + ", which does not exist"};
    return std::nullopt;
  }
  const tinygltf::BufferView& view = model.bufferViews[static_cast<std::size_t>(accessor.bufferView)];
  if (view.buffer < 0 || static_cast<std::size_t>(view.buffer) >= model.buffers.size()) {
    error = {"I203", what + ": buffer view " + std::to_string(accessor.bufferView) +
                         " names a buffer that does not exist"};
    return std::nullopt;
  }
  const std::vector<unsigned char>& buffer = model.buffers[static_cast<std::size_t>(view.buffer)].data;
  if (view.byteOffset > buffer.size() || view.byteLength > buffer.size() - view.byteOffset) {
    error = {"I203", what + ": buffer view " + std::to_string(accessor.bufferView) +
                         " lies outside its buffer (" + std::to_string(buffer.size()) + " bytes)"};
    return std::nullopt;
  }
  const std::size_t stride = view.byteStride != 0 ? view.byteStride : element_bytes;
  if (stride < element_bytes || stride > 256) {
    error = {"I203",
             what + ": byte stride " + std::to_string(stride) + " is smaller than an element or above 256"};
    return std::nullopt;
  }
  if (count > 0) {
    const std::size_t last_end = accessor.byteOffset + stride * (count - 1) + element_bytes;
    if (accessor.byteOffset > view.byteLength || last_end > view.byteLength) {
      error = {"I203", what + " reads past the end of buffer view " + std::to_string(accessor.bufferView) +
                           " (" + std::to_string(count) + " elements from byte " +
                           std::to_string(accessor.byteOffset) + ", view is " +
                           std::to_string(view.byteLength) + " bytes)"};
      return std::nullopt;
    }
  }
  std::vector<float> out(count * static_cast<std::size_t>(components), 0.0f);
  const unsigned char* base = buffer.data() + view.byteOffset + accessor.byteOffset;
  for (std::size_t i = 0; i < count; ++i) {
    for (int c = 0; c < components; ++c) {
      const float v = ReadComponent(base + i * stride + static_cast<std::size_t>(c * component_bytes),
                                    accessor.componentType);
      if (!std::isfinite(v)) {
        error = {"I204", what + " holds a non-finite value (element " + std::to_string(i) + ")"};
        return std::nullopt;
      }
      out[i * static_cast<std::size_t>(components) + static_cast<std::size_t>(c)] = v;
    }
  }
  return out;
}

}  // namespace anim::gltf
