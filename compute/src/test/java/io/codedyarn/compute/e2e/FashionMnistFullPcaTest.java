package io.codedyarn.compute.e2e;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;

/** {@link FashionMnistPca} on Debian's full training set (60,000 images; system profile). */
@Tag("system")
class FashionMnistFullPcaTest extends FashionMnistPca {
    @Override
    FashionMnist.Images images() throws IOException {
        return FashionMnist.images(
                Path.of("/usr/share/datasets/fashion-mnist/train-images-idx3-ubyte.gz"));
    }
}
