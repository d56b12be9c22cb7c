package io.codedyarn.repro.placement;

import io.codedyarn.placement.InvalidParametersException;
import java.util.List;
import java.util.stream.Stream;

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
        return Stream.concat(all().stream(), Stream.of(new Omissions()))
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
                                                                .toList())
                                                + ", omitted"));
    }
}
