#!/usr/bin/env python3
"""Writes the glTF seeds of the fuzz target "gltf" (tests/fuzz/seeds/gltf/): small skinned files made
here, so the target has seeds without ../shared/assets. Each has a three-joint skin under a scene
root, inverse bind matrices, and an animation with translation, rotation and scale channels using
the LINEAR, STEP and CUBICSPLINE samplers; as .gltf (buffer as a data URI) and as .glb (BIN chunk).
Run from anywhere: python3 tests/fuzz/seeds/make_gltf_seeds.py"""
import base64
import json
import os
import struct

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gltf")


def floats(values):
    return struct.pack("<%df" % len(values), *values)


def model(cubic):
    blobs, views, accessors = [], [], []

    def add(values, kind, count, minmax=False):
        data = floats(values)
        offset = sum(len(b) for b in blobs)
        blobs.append(data)
        views.append({"buffer": 0, "byteOffset": offset, "byteLength": len(data)})
        acc = {"bufferView": len(views) - 1, "componentType": 5126, "count": count, "type": kind}
        if minmax:
            acc["min"], acc["max"] = [min(values)], [max(values)]
        accessors.append(acc)
        return len(accessors) - 1

    identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    ibm = identity + identity[:13] + [-1, 0, 1] + identity[:13] + [-2, 0, 1]
    ibm_acc = add(ibm, "MAT4", 3)
    times = add([0.0, 0.5, 1.0], "SCALAR", 3, minmax=True)
    translations = add([0, 0, 0, 0, 0.1, 0, 0, 0, 0], "VEC3", 3)
    s = 0.38268343
    c = 0.9238795
    rotations = add([0, 0, 0, 1, 0, 0, s, c, 0, 0, 0, 1], "VEC4", 3)
    if cubic:
        # in-tangent, value, out-tangent per key
        scale_values = []
        for v in (1.0, 1.5, 1.0):
            scale_values += [0, 0, 0, v, v, v, 0, 0, 0]
        scales = add(scale_values, "VEC3", 9)
    else:
        scales = add([1, 1, 1, 1.5, 1.5, 1.5, 1, 1, 1], "VEC3", 3)
    data = b"".join(blobs)
    return {
        "asset": {"version": "2.0", "generator": "animtc fuzz seeds"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [
            {"name": "rig", "children": [1]},
            {"name": "hips", "translation": [0, 1, 0], "children": [2]},
            {"name": "spine", "translation": [0, 0.5, 0], "rotation": [0, 0, 0, 1], "children": [3]},
            {"name": "head", "matrix": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0.5, 0, 1]},
        ],
        "skins": [{"name": "body", "joints": [1, 2, 3], "inverseBindMatrices": ibm_acc, "skeleton": 1}],
        "animations": [{
            "name": "wave",
            "samplers": [
                {"input": times, "output": translations, "interpolation": "LINEAR"},
                {"input": times, "output": rotations, "interpolation": "STEP"},
                {"input": times, "output": scales, "interpolation": "CUBICSPLINE" if cubic else "LINEAR"},
            ],
            "channels": [
                {"sampler": 0, "target": {"node": 1, "path": "translation"}},
                {"sampler": 1, "target": {"node": 2, "path": "rotation"}},
                {"sampler": 2, "target": {"node": 3, "path": "scale"}},
            ],
        }],
        "accessors": accessors,
        "bufferViews": views,
        "buffers": [{"byteLength": len(data)}],
    }, data


def write_gltf(name, cubic):
    gltf, data = model(cubic)
    gltf["buffers"][0]["uri"] = "data:application/octet-stream;base64," + base64.b64encode(data).decode()
    with open(os.path.join(HERE, name), "w") as f:
        json.dump(gltf, f, separators=(",", ":"))


def write_glb(name, cubic):
    gltf, data = model(cubic)
    text = json.dumps(gltf, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 4)
    data += b"\0" * (-len(data) % 4)
    chunks = struct.pack("<II", len(text), 0x4E4F534A) + text + struct.pack("<II", len(data), 0x004E4942) + data
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(b"glTF" + struct.pack("<II", 2, 12 + len(chunks)) + chunks)


os.makedirs(HERE, exist_ok=True)
write_gltf("three_joints.gltf", cubic=False)
write_gltf("three_joints_cubic.gltf", cubic=True)
write_glb("three_joints.glb", cubic=False)
write_glb("three_joints_cubic.glb", cubic=True)
