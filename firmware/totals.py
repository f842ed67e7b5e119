#!/usr/bin/env python3
"""Prints the README's totals table from results.json (bench.py --json)."""
import json
import sys

r = json.load(open(sys.argv[1] if len(sys.argv) > 1 else "target/firmware/results.json"))
print("  | total, isect / hand-written | `.text` B | instructions (5 calls) | worst stack B |")
print("  |---|---:|---:|---:|")
for target, label in (("thumbv6m-none-eabi", "M0"), ("thumbv7em-none-eabihf", "M4F")):
    for scalar, a, b in (("f32", "isect_f32", "hand_f32"), ("I32F32", "isect_i32f32", "hand_fixed")):
        x, y = r[f"{target} {a}"]["total"], r[f"{target} {b}"]["total"]
        cells = [f"{x[k]:.0f} / {y[k]:.0f} ({x[k] / y[k]:.1f}×)" for k in ("text", "instr", "stack")]
        print(f"  | {scalar}, {label} | " + " | ".join(cells) + " |")
