package io.codedyarn.hdfs.dataset;

/** How a dataset stores its feature matrix: dense row-major or compressed sparse rows. */
public enum Storage {
    /** float64[rows·cols], row-major. */
    DENSE("dense", 0),
    /** rowPtr i32[rows+1], colIdx i32[nnz], values float64[nnz] (omitted when all ones). */
    CSR("csr", 1);

    private final String jsonName;
    private final int code;

    Storage(String jsonName, int code) {
        this.jsonName = jsonName;
        this.code = code;
    }

    /** The manifest spelling: {@code "dense"} or {@code "csr"}. */
    public String jsonName() {
        return jsonName;
    }

    /** The block-header byte: 0 dense, 1 csr. */
    public int code() {
        return code;
    }

    /** The storage with this manifest spelling, or null. */
    public static Storage fromJsonName(String name) {
        for (Storage s : values()) {
            if (s.jsonName.equals(name)) {
                return s;
            }
        }
        return null;
    }

    /** The storage with this header code, or null. */
    public static Storage fromCode(int code) {
        for (Storage s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        return null;
    }
}
