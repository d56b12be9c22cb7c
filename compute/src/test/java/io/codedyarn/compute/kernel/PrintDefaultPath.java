package io.codedyarn.compute.kernel;

/** Prints this JVM's {@link KernelPath#defaultPath()}: the child JVM of {@link KernelPathTest}. */
public final class PrintDefaultPath {
    private PrintDefaultPath() {}

    public static void main(String[] args) {
        System.out.println("path=" + KernelPath.defaultPath().label());
    }
}
