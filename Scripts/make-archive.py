#!/usr/bin/env python3
"""Writes a synthetic graph archive (AttributeGraph's JSON layout, version 2) for scale tests.

    Scripts/make-archive.py NODES OUT.ag-json [--seed N]

The graph looks like a view graph: 24 attribute types, each node reading 1-3 earlier nodes
(mostly recent ones), about one in eight dirty, values and descriptions like the engine's, one
subgraph per 1,000 nodes. Deterministic for a given seed. OUT ending in .ag-gzon is compressed.
"""
import json
import random
import sys
import zlib


def main():
    arguments = sys.argv[1:]
    seed = 1
    if "--seed" in arguments:
        index = arguments.index("--seed")
        seed = int(arguments[index + 1])
        del arguments[index:index + 2]
    if len(arguments) != 2:
        sys.exit(__doc__)
    count, path = int(arguments[0]), arguments[1]
    rng = random.Random(seed)
    type_names = [("External<Int>", "Int"), ("Map<Int, String>", "String"), ("DynamicBody<ViewBodyAccessor<Row>>", "HStack<TupleView>"),
                  ("TextRender", "Array<DisplayNode>"), ("StackRender", "Array<DisplayNode>"), ("LayoutRoot", "LayoutResult"),
                  ("Focus<Pair, Int>", "Int"), ("ForEachList<Range<Int>, Int, Row>", "Array<DisplayNode>")]
    types = []
    for index in range(24):
        name, value = type_names[index % len(type_names)]
        types.append({"id": index, "name": f"{name}#{index}" if index >= len(type_names) else name, "value": value,
                      "size": 16 + 8 * (index % 5), "flags": 8})
    nodes, edges = [], []
    for index in range(count):
        type_index = rng.randrange(len(types))
        flags = 8 | (1 if rng.random() < 0.125 else 0)
        node = {"type": type_index, "id": 4194304 + 1 + index, "desc": types[type_index]["name"][:40], "flags": flags}
        if rng.random() < 0.8:
            node["value"] = str(rng.randrange(100000))
        nodes.append(node)
        if index > 0:
            for _ in range(1 + rng.randrange(3)):
                source = index - 1 - rng.randrange(min(index, 8)) if rng.random() < 0.8 else rng.randrange(index)
                edges.append({"src": source, "dst": index, "flags": 16 if rng.random() < 0.9 else 24})
    subgraphs = []
    for start in range(0, count, 1000):
        subgraph = {"id": len(subgraphs) + 1, "context_id": 1, "nodes": list(range(start, min(start + 1000, count)))}
        if subgraphs:
            subgraph["parents"] = [len(subgraphs) - 1]
        subgraphs.append(subgraph)
    for index in range(len(subgraphs) - 1):
        subgraphs[index]["children"] = [index + 1]
    graph = {"id": 1, "counters": {"nodes": count}, "types": types, "nodes": nodes, "edges": edges,
             "subgraphs": subgraphs, "transaction_count": 1, "update_count": count, "change_count": count}
    text = json.dumps({"version": 2, "graphs": [graph]}, separators=(",", ":")).encode()
    with open(path, "wb") as file:
        file.write(zlib.compress(text) if path.endswith(".ag-gzon") else text)


if __name__ == "__main__":
    main()
