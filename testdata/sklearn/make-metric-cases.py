#!/usr/bin/python3
"""Reference values of compute's metrics (io.codedyarn.compute.metrics), computed by scikit-learn
on seeded random cases, for MetricsAgainstScikitLearnTest in the default build. Writes
../../compute/src/test/resources/io/codedyarn/compute/metrics/sklearn-cases.txt: one case per
block of lines,

  binary THRESHOLD / p ... / y ... / expect log_loss accuracy precision recall f1 roc_auc ap tp fp tn fn
  regression / yhat ... / y ... / expect rmse mae r2
  pca K D / v ... (k*d, row-major) / x ... (n*d, row-major) / expect ratio_1..ratio_k reconstruction_error

Binary cases round scores to 1 or 2 decimals so that many are tied. PCA cases fit sklearn.decomposition.PCA
on the rows and record its explained_variance_ratio_ and the mean squared distance of a centred row
to inverse_transform(transform(x)); the Java test gives our code the centred rows and components_.

Usage: ./make-metric-cases.py (numpy and scikit-learn: Debian's python3-numpy, python3-sklearn).
"""
import numpy as np
import sklearn
from sklearn import metrics
from sklearn.decomposition import PCA

rng = np.random.default_rng(20261128)
out = ["# written by make-metric-cases.py: numpy %s, scikit-learn %s" % (np.__version__, sklearn.__version__)]


def nums(a):
    return " ".join(repr(float(v)) for v in np.ravel(a))


def binary(p, y, t):
    pred = (p > t).astype(int)
    tn, fp, fn, tp = metrics.confusion_matrix(y, pred, labels=[0, 1]).ravel()
    out.append("binary %r" % t)
    out.append("p " + nums(p))
    out.append("y " + nums(y))
    vals = [metrics.log_loss(y, p, labels=[0, 1]), metrics.accuracy_score(y, pred),
            metrics.precision_score(y, pred, zero_division=0), metrics.recall_score(y, pred, zero_division=0),
            metrics.f1_score(y, pred, zero_division=0), metrics.roc_auc_score(y, p),
            metrics.average_precision_score(y, p)]
    out.append("expect " + nums(vals) + " %d %d %d %d" % (tp, fp, tn, fn))


binary(np.array([0.9, 0.8, 0.8, 0.7, 0.5, 0.5, 0.5, 0.3, 0.2, 0.2, 0.1, 0.95]),
       np.array([1, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 1]), 0.5)
for n, decimals, t in ((200, 1, 0.5), (1000, 2, 0.3), (2000, 3, 0.7)):
    y = (rng.random(n) < 0.3).astype(int)
    p = np.clip(np.round(1 / (1 + np.exp(-(rng.normal(size=n) + 1.5 * y - 0.8))), decimals), 0, 1)
    binary(p, y, t)
# extremes: probabilities 0 and 1 (clipped in the log loss)
binary(np.array([0.0, 1.0, 1e-20, 1 - 1e-17, 0.5, 0.25]), np.array([0, 1, 1, 0, 1, 0]), 0.5)

for n in (50, 1000):
    y = rng.normal(size=n) * 10 + 3
    yhat = y + rng.normal(size=n) * 2
    out.append("regression")
    out.append("yhat " + nums(yhat))
    out.append("y " + nums(y))
    out.append("expect " + nums([metrics.mean_squared_error(y, yhat, squared=False),
                                 metrics.mean_absolute_error(y, yhat), metrics.r2_score(y, yhat)]))

for n, d, k in ((40, 6, 2), (200, 12, 3)):
    x = rng.normal(size=(n, d)) @ rng.normal(size=(d, d)) + rng.normal(size=d)
    pca = PCA(n_components=k, svd_solver="full").fit(x)
    back = pca.inverse_transform(pca.transform(x))
    out.append("pca %d %d" % (k, d))
    out.append("v " + nums(pca.components_))
    out.append("x " + nums(x - pca.mean_))
    out.append("expect " + nums(list(pca.explained_variance_ratio_) + [((x - back) ** 2).sum() / n]))

with open("../../compute/src/test/resources/io/codedyarn/compute/metrics/sklearn-cases.txt", "w") as f:
    f.write("\n".join(out) + "\n")
