#!/usr/bin/python3
"""Reference values for the committed Fashion-MNIST subset, computed independently of coded-yarn
with numpy and scikit-learn (Debian's python3-numpy and python3-sklearn). Writes reference.txt,
which the default build's tests read:

  rows, cols, pixel_sum, nonzeros, class_counts, image_sums (images 0, N/2, N-1): from the raw IDX
  bytes (gzip + numpy), for hdfs-tools' FashionMnistImportIT;
  lr LAMBDA N_ITER W...: scikit-learn's LogisticRegression on the task of container-worker's
  FashionMnistLogisticTest (label +1 for class 0 "T-shirt/top", -1 otherwise; pixels / 255; a
  constant-1 column appended and regularised like the others, hence fit_intercept=False).
  sklearn minimises C*sum(loss) + |w|^2/2 = C*n*F(w) with C = 1/(n*lambda): the minimiser of
  F(v) = (1/n) sum log(1 + exp(-b<x,v>)) + (lambda/2)|v|^2.

Usage: make-reference.py [N] (default 2000); run it in this directory after make-subset.py.
"""
import gzip, sys, warnings
import numpy as np
import sklearn
from sklearn.linear_model import LogisticRegression

n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
with gzip.open("train-images-idx3-ubyte-first%d.gz" % n) as f:
    raw = np.frombuffer(f.read(), dtype=np.uint8)
header = raw[:16].view(">u4")
assert header[0] == 0x803 and header[1] == n, header
d = int(header[2] * header[3])
px = raw[16:].reshape(n, d)
with gzip.open("train-labels-idx1-ubyte-first%d.gz" % n) as f:
    lab = np.frombuffer(f.read(), dtype=np.uint8)[8:]
assert lab.shape == (n,)

out = ["# written by make-reference.py: numpy %s, scikit-learn %s" % (np.__version__, sklearn.__version__)]
out.append("rows %d" % n)
out.append("cols %d" % d)
out.append("pixel_sum %d" % int(px.astype(np.int64).sum()))
out.append("nonzeros %d" % int(np.count_nonzero(px)))
out.append("class_counts " + " ".join(str(int(c)) for c in np.bincount(lab, minlength=10)))
out.append("image_sums " + " ".join("%d:%d" % (i, int(px[i].astype(np.int64).sum())) for i in (0, n // 2, n - 1)))

x = np.hstack([px / 255.0, np.ones((n, 1))])
b = np.where(lab == 0, 1.0, -1.0)
out.append("positives %d" % int((b > 0).sum()))
for lam in (1.0 / n, 0.01):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a ConvergenceWarning is an error
        m = LogisticRegression(C=1.0 / (n * lam), fit_intercept=False, solver="lbfgs",
                               tol=1e-12, max_iter=100000)
        m.fit(x, b)
    out.append("lr %r %d %s" % (lam, int(m.n_iter_[0]), " ".join(repr(float(w)) for w in m.coef_[0])))
with open("reference.txt", "w") as f:
    f.write("\n".join(out) + "\n")
