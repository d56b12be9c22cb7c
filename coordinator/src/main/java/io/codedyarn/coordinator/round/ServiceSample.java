package io.codedyarn.coordinator.round;

/** One measured task time: answered ({@code censored} false) or still open (a lower bound). */
public record ServiceSample(int worker, double seconds, double load, boolean censored) {}
