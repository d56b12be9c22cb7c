package io.codedyarn.compute.e2e;

import java.io.IOException;

/** {@link FashionMnistPca} on the committed subset, the first 2,000 training images. */
class FashionMnistPcaTest extends FashionMnistPca {
    @Override
    FashionMnist.Images images() throws IOException {
        return FashionMnist.images(FashionMnist.testdata("train-images-idx3-ubyte-first2000.gz"));
    }
}
