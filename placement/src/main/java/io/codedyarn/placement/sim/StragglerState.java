package io.codedyarn.placement.sim;

/**
 * What a dynamic scheme knows about the workers when it assigns codewords: the predicted slow/fast
 * states and, for heterogeneous models, the rates (null when the model has none).
 */
public record StragglerState(boolean[] slow, double[] rates) {

    public static StragglerState allFast(int workers) {
        return new StragglerState(new boolean[workers], null);
    }
}
