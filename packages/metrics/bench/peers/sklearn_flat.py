"""Flat micro and macro precision, recall, F1 and the Hamming loss with scikit-learn, over every label
of the taxonomy. Usage: python3 sklearn_flat.py TAXONOMY GOLD PRED"""
import json
import sys

from peer_io import read_labels, read_taxonomy
from sklearn.metrics import hamming_loss, precision_recall_fscore_support
from sklearn.preprocessing import MultiLabelBinarizer

taxonomy, gold, pred = sys.argv[1:4]
binarizer = MultiLabelBinarizer(classes=sorted(read_taxonomy(taxonomy)), sparse_output=True)
y_true = binarizer.fit_transform(read_labels(gold))
y_pred = binarizer.transform(read_labels(pred))
result = {"hammingLoss": hamming_loss(y_true, y_pred)}
for average in ("micro", "macro"):
    p, r, f, _ = precision_recall_fscore_support(y_true, y_pred, average=average, zero_division=0)
    result[average] = {"precision": p, "recall": r, "f1": f}
print(json.dumps(result))
