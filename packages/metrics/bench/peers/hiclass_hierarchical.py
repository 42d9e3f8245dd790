"""Micro hP, hR, hF with hiclass's metrics: every label becomes its paths from the root (all of them in
a DAG). Usage: python3 hiclass_hierarchical.py HICLASS_CHECKOUT TAXONOMY GOLD PRED"""
import json
import sys

checkout, taxonomy, gold, pred = sys.argv[1:5]
sys.path.insert(0, checkout)
from hiclass import metrics  # noqa: E402
from peer_io import read_labels, read_taxonomy  # noqa: E402

parents = read_taxonomy(taxonomy)
paths_memo = {}


def paths_to(label):
    if label not in paths_memo:
        above = parents[label]
        paths_memo[label] = [[label]] if not above else [p + [label] for parent in above for p in paths_to(parent)]
    return paths_memo[label]


def as_paths(rows):
    return [[path for label in labels for path in paths_to(label)] or [[""]] for labels in rows]


def padded(rows, width, depth):
    return [[path + [""] * (depth - len(path)) for path in paths] + [[""] * depth] * (width - len(paths)) for paths in rows]


y_true, y_pred = as_paths(read_labels(gold)), as_paths(read_labels(pred))
width = max(len(paths) for paths in y_true + y_pred)
depth = max(len(path) for paths in y_true + y_pred for path in paths)
y_true, y_pred = padded(y_true, width, depth), padded(y_pred, width, depth)
print(json.dumps({
    "precision": metrics.precision(y_true, y_pred, average="micro"),
    "recall": metrics.recall(y_true, y_pred, average="micro"),
    "f1": metrics.f1(y_true, y_pred, average="micro"),
}))
