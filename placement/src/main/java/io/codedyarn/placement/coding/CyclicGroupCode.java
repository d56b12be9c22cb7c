package io.codedyarn.placement.coding;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.Decoder;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code cyclic} scheme's code ({@link CyclicCode}: conditioned auxiliary H, closed-form
 * decoding) used inside one group of the LAGC layouts.
 */
final class CyclicGroupCode implements GroupCode {
    private final CyclicCode code;
    private final List<Codeword> codewords;
    private final Decoder decoder;

    CyclicGroupCode(CyclicCode code) {
        this.code = code;
        List<Codeword> cws = new ArrayList<>();
        for (int k = 0; k < code.codewords(); k++) {
            cws.add(code.codeword(k, 0));
        }
        this.codewords = List.copyOf(cws);
        this.decoder = CachingDecoder.of(new CyclicDecoder(code));
    }

    @Override
    public int size() {
        return code.codewords();
    }

    @Override
    public int stragglers() {
        return code.stragglers();
    }

    @Override
    public List<Codeword> codewords() {
        return codewords;
    }

    @Override
    public Decoder decoder() {
        return decoder;
    }

    @Override
    public double worstCondition() {
        return code.worstCondition();
    }

    @Override
    public String construction() {
        return "cyclic-auxiliary-H";
    }
}
