package io.codedyarn.repro.placement;

import io.codedyarn.placement.InvalidParametersException;
import java.util.List;

/** Every paper reproduction, by id. */
public final class Reproductions {
    private Reproductions() {}

    public static List<Reproduction> all() {
        return List.of(
                new BccReproduction(),
                new GcDcReproduction(),
                new LagcReproduction(),
                new HeteroGcReproduction(),
                new DsagReproduction());
    }

    /**
     * @throws InvalidParametersException on {@code --reproduce} for an unknown id
     */
    public static Reproduction byId(String id) {
        return all().stream()
                .filter(r -> r.id().equals(id))
                .findFirst()
                .orElseThrow(
                        () ->
                                new InvalidParametersException(
                                        "PAPER",
                                        "unknown paper '"
                                                + id
                                                + "'; known: all, "
                                                + String.join(
                                                        ", ",
                                                        all().stream()
                                                                .map(Reproduction::id)
                                                                .toList())));
    }
}
