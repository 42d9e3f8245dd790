"""Reads the files the peers benchmark writes: a taxonomy of `parent<TAB>child` lines (an empty parent
hangs the child under the root) and two label files of `id<TAB>label<TAB>…` lines in the same order."""


def read_taxonomy(path):
    parents = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            parent, child = line.rstrip("\n").split("\t")
            parents.setdefault(child, [])
            if parent:
                parents.setdefault(parent, [])
                parents[child].append(parent)
    return parents


def read_labels(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            rows.append([label for label in fields[1:] if label])
    return rows
