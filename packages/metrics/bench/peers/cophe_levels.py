"""CoPHE's micro P, R, F1 over every level, with the authors' code (Falis et al., 2021). Their code
takes a tree and dense document × code matrices. Usage: python3 cophe_levels.py COPHE_CHECKOUT
TAXONOMY GOLD PRED"""
import json
import sys

import numpy as np

checkout, taxonomy, gold, pred = sys.argv[1:5]
sys.path.insert(0, checkout)
from scripts.multi_level_eval import hierarchical_evaluation  # noqa: E402
from peer_io import read_labels, read_taxonomy  # noqa: E402

parents = read_taxonomy(taxonomy)
if any(len(p) > 1 for p in parents.values()):
    sys.exit("CoPHE's code takes trees only")


def chain(code):
    above = parents[code]
    return [code] + (chain(above[0]) if above else [])


depth = max(len(chain(code)) for code in parents)
# The authors' translation dictionary: for each code, its ancestor on each layer counted from the
# leaves, ending with the root; a code above the deepest layer stands for itself on the layers below it.
translation = {}
for code in parents:
    up = chain(code)
    ancestors = [code] * (depth - len(up)) + up
    translation[code] = {"parents": ancestors[1:] + ["<root>"]}
code_ids = {code: i for i, code in enumerate(sorted(parents))}


def most_specific(labels):
    """The labels with none of the document's other labels below them, as CoPHE counts them."""
    above = {a for label in labels for a in chain(label)[1:]}
    return [label for label in labels if label not in above]


def matrix(rows):
    m = np.zeros((len(rows), len(code_ids)), dtype=np.int64)
    for i, labels in enumerate(rows):
        for label in most_specific(labels):
            m[i, code_ids[label]] = 1
    return m


p, r, f, _ = hierarchical_evaluation(matrix(read_labels(pred)), matrix(read_labels(gold)), code_ids, translation, max_onto_layers=depth - 1)
print(json.dumps({"precision": p, "recall": r, "f1": f}))
