#!/usr/bin/python3
"""scikit-learn models and their predictions and metrics on the committed Fashion-MNIST subset, for
the tests of coded-yarn's evaluate and predict (app-master's ScikitLearnReferenceTest in the default
build reads the committed copy; its live variant, tagged "system", runs this script itself).

The data is what `coded-yarn data import --format idx --scale` makes of
../fashion-mnist/*-first2000.gz: 2000 rows, the 784 pixels / 255 named pixel_<row>_<col>.

  lr   LogisticRegression(C=1) with an intercept, class 0 ("T-shirt/top") against the rest, fitted
       on rows 0..1499 after StandardScaler (the model is written in raw space: coefficients
       coef/scale, intercept b - sum(coef*mean/scale), with the scaler as its standardization,
       stored = (x - centre) * scale); evaluated on all 2000 rows at threshold 0.5;
  lsq  Ridge(alpha=1) on the label 0..9 as a number, fitted on rows 0..1499, evaluated on all 2000;
  pca  PCA(n_components=3) fitted on all 2000 rows (so the explained variance ratio is sklearn's
       own explained_variance_ratio_), components_ and mean_ as the model.

Writes into OUT (default ../../app-master/src/test/resources/io/codedyarn/am/model/sklearn):
model-lr.json, model-lsq.json, model-pca.json (coded-yarn's model.json format, formatVersion 1),
predictions.csv (row,probability,prediction,pc1,pc2,pc3: predict_proba[:, 1], Ridge.predict,
PCA.transform) and metrics.json.

Usage: make-model-reference.py [OUT]  (Debian's python3-numpy and python3-sklearn).
"""
import gzip, json, os, sys
import numpy as np
import sklearn
from sklearn import metrics
from sklearn.decomposition import PCA
from sklearn.linear_model import LogisticRegression, Ridge
from sklearn.preprocessing import StandardScaler

here = os.path.dirname(os.path.abspath(__file__))
out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    here, "../../app-master/src/test/resources/io/codedyarn/am/model/sklearn")
os.makedirs(out, exist_ok=True)
fm = os.path.join(here, "../fashion-mnist")
with gzip.open(os.path.join(fm, "train-images-idx3-ubyte-first2000.gz")) as f:
    raw = np.frombuffer(f.read(), dtype=np.uint8)
n, h, w = (int(v) for v in raw[4:16].view(">u4"))
x = raw[16:].reshape(n, h * w) / 255.0
with gzip.open(os.path.join(fm, "train-labels-idx1-ubyte-first2000.gz")) as f:
    label = np.frombuffer(f.read(), dtype=np.uint8)[8:].astype(float)
names = ["pixel_%d_%d" % (i // w, i % w) for i in range(h * w)]
fit = slice(0, 1500)


def model(workload, extra):
    doc = {"format": "coded-yarn-model", "formatVersion": 1, "workload": workload,
           "features": names}
    doc.update(extra)
    doc["training"] = {"scheme": "scikit-learn %s" % sklearn.__version__, "status": "SUCCEEDED",
                       "iterations": 0, "seconds": 0.0}
    with open(os.path.join(out, "model-%s.json" % workload), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


def floats(a):
    return [float(v) for v in np.ravel(a)]


# lr: standardised in sklearn, written in raw space
y01 = (label == 0).astype(int)
scaler = StandardScaler().fit(x[fit])
lr = LogisticRegression(C=1.0, max_iter=10000, tol=1e-10).fit(scaler.transform(x[fit]), y01[fit])
scale = scaler.scale_  # 1 for a constant column
coef = lr.coef_[0] / scale
intercept = lr.intercept_[0] - np.sum(lr.coef_[0] * scaler.mean_ / scale)
model("lr", {"coefficients": floats(coef), "intercept": float(intercept), "lambda": 1.0 / 1500,
             "standardization": {"centre": floats(scaler.mean_), "scale": floats(1 / scale)}})
proba = lr.predict_proba(scaler.transform(x))[:, 1]
pred = (proba > 0.5).astype(int)
tn, fp, fn, tp = metrics.confusion_matrix(y01, pred, labels=[0, 1]).ravel()
m = {"lr": {"logLoss": metrics.log_loss(y01, proba), "accuracy": metrics.accuracy_score(y01, pred),
            "precision": metrics.precision_score(y01, pred, zero_division=0),
            "recall": metrics.recall_score(y01, pred, zero_division=0),
            "f1": metrics.f1_score(y01, pred, zero_division=0),
            "rocAuc": metrics.roc_auc_score(y01, proba),
            "prAuc": metrics.average_precision_score(y01, proba),
            "confusion": {"truePositives": int(tp), "falsePositives": int(fp),
                          "trueNegatives": int(tn), "falseNegatives": int(fn)}}}

# lsq
ridge = Ridge(alpha=1.0).fit(x[fit], label[fit])
model("lsq", {"coefficients": floats(ridge.coef_), "intercept": float(ridge.intercept_),
              "lambda": 1.0})
yhat = ridge.predict(x)
m["lsq"] = {"rmse": metrics.mean_squared_error(label, yhat, squared=False),
            "mae": metrics.mean_absolute_error(label, yhat), "r2": metrics.r2_score(label, yhat)}

# pca
pca = PCA(n_components=3, svd_solver="full").fit(x)
model("pca", {"components": [floats(c) for c in pca.components_], "mean": floats(pca.mean_),
              "explainedVariance": floats(pca.explained_variance_ratio_)})
t = pca.transform(x)
back = pca.inverse_transform(t)
m["pca"] = {"explainedVarianceRatio": floats(pca.explained_variance_ratio_),
            "explainedVarianceTotal": float(np.sum(pca.explained_variance_ratio_)),
            "reconstructionError": float(((x - back) ** 2).sum() / n)}

m["versions"] = {"numpy": np.__version__, "scikit-learn": sklearn.__version__}
with open(os.path.join(out, "metrics.json"), "w") as f:
    json.dump(m, f, indent=1)
    f.write("\n")
with open(os.path.join(out, "predictions.csv"), "w") as f:
    f.write("row,probability,prediction,pc1,pc2,pc3\n")
    for i in range(n):
        f.write("%d,%r,%r,%r,%r,%r\n" % (i + 1, float(proba[i]), float(yhat[i]),
                                         float(t[i, 0]), float(t[i, 1]), float(t[i, 2])))
