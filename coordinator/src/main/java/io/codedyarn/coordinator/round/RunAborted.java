package io.codedyarn.coordinator.round;

/** The run cannot go on (a worker failed and the rest cannot make up for it, a timeout, ...). */
public final class RunAborted extends Exception {
    public RunAborted(String diagnostic) {
        super(diagnostic);
    }
}
