package io.codedyarn.hdfs.prepare;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;

/**
 * Which DataNode holds the data of each worker: the favored nodes of a partition file are the
 * DataNodes of the workers that store the partition.
 *
 * <p>Without {@code --hosts}, worker i maps to DataNode i mod D of the D live DataNodes sorted by
 * (host name, IP, transfer port), a deterministic round robin. With {@code --hosts h1,h2,...}
 * worker i maps to entry i mod (number of entries); an entry is {@code host} or {@code
 * host:xferPort} and must name exactly one live DataNode when the DataNode list can be read (a host
 * running several DataNodes, as in MiniDFSCluster, needs the port). Reading the list needs HDFS
 * superuser rights on some clusters; without it, entries are used as given (port default 9866).
 *
 * <p>Names are DataNode transfer addresses {@code ip:port}, as {@code BlockLocation.getNames()}
 * reports them: host names differ between HDFS (127.0.0.1) and YARN (localhost) in mini clusters,
 * transfer addresses do not.
 */
public final class DataNodeMap {
    /** HDFS's default DataNode transfer port ({@code dfs.datanode.address}). */
    public static final int DEFAULT_XFER_PORT = 9866;

    private final List<InetSocketAddress> perWorker; // null: unknown (not HDFS)
    private final List<String> names;
    private final int liveDataNodes; // -1: unknown
    private final String description;

    private DataNodeMap(
            List<InetSocketAddress> perWorker,
            List<String> names,
            int liveDataNodes,
            String description) {
        this.perWorker = perWorker;
        this.names = names;
        this.liveDataNodes = liveDataNodes;
        this.description = description;
    }

    /** No placement control (a non-HDFS filesystem): replication and favored nodes are ignored. */
    public static DataNodeMap none(String why) {
        return new DataNodeMap(null, null, -1, why);
    }

    /**
     * Maps {@code workers} workers to DataNodes of {@code fs}.
     *
     * @param hosts the {@code --hosts} entries, or null/empty for round robin over live DataNodes
     */
    public static DataNodeMap resolve(FileSystem fs, List<String> hosts, int workers)
            throws IOException {
        boolean given = hosts != null && !hosts.isEmpty();
        if (!(fs instanceof DistributedFileSystem dfs)) {
            return none(
                    fs.getUri().getScheme()
                            + ":// is not HDFS: replication and favored nodes are ignored"
                            + (given ? " (--hosts has no effect)" : ""));
        }
        List<DatanodeInfo> live = null;
        String unavailable = null;
        try {
            live = new ArrayList<>(Arrays.asList(dfs.getDataNodeStats()));
            live.sort(
                    Comparator.comparing(DatanodeInfo::getHostName)
                            .thenComparing(DatanodeInfo::getIpAddr)
                            .thenComparingInt(DatanodeInfo::getXferPort));
        } catch (IOException e) {
            unavailable = e.getClass().getSimpleName();
        }
        List<InetSocketAddress> map = new ArrayList<>();
        if (!given) {
            if (live == null || live.isEmpty()) {
                return none(
                        "DataNode list unavailable ("
                                + (live == null ? unavailable : "no live DataNodes")
                                + "): default HDFS placement; pass --hosts to favor nodes");
            }
            for (int i = 0; i < workers; i++) {
                map.add(address(live.get(i % live.size())));
            }
            return of(
                    map,
                    live.size(),
                    "workers -> "
                            + live.size()
                            + " live DataNodes round robin (sorted by host, IP, port)");
        }
        List<InetSocketAddress> entries = new ArrayList<>();
        for (String h : hosts) {
            entries.add(live == null ? parse(h) : match(h.trim(), live));
        }
        for (int i = 0; i < workers; i++) {
            map.add(entries.get(i % entries.size()));
        }
        return of(
                map,
                live == null ? -1 : live.size(),
                "workers -> --hosts ("
                        + entries.size()
                        + " entries, round robin)"
                        + (live == null ? "; DataNode list unavailable: not checked" : ""));
    }

    private static DataNodeMap of(List<InetSocketAddress> map, int live, String description) {
        List<String> names = new ArrayList<>();
        for (InetSocketAddress a : map) {
            names.add(name(a));
        }
        return new DataNodeMap(List.copyOf(map), List.copyOf(names), live, description);
    }

    private static InetSocketAddress address(DatanodeInfo dn) {
        return new InetSocketAddress(dn.getIpAddr(), dn.getXferPort());
    }

    /** {@code ip:port} (or {@code host:port} when unresolved). */
    static String name(InetSocketAddress a) {
        InetAddress ip = a.getAddress();
        return (ip == null ? a.getHostString() : ip.getHostAddress()) + ":" + a.getPort();
    }

    private static InetSocketAddress parse(String entry) {
        String e = entry.trim();
        int colon = e.lastIndexOf(':');
        if (e.isEmpty() || colon == 0) {
            throw new IllegalArgumentException("--hosts: empty host in '" + entry + "'");
        }
        if (colon < 0) {
            return new InetSocketAddress(e, DEFAULT_XFER_PORT);
        }
        return new InetSocketAddress(e.substring(0, colon), port(e, e.substring(colon + 1)));
    }

    private static int port(String entry, String p) {
        try {
            int v = Integer.parseInt(p);
            if (v < 1 || v > 65535) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException x) {
            throw new IllegalArgumentException("--hosts: bad port in '" + entry + "'");
        }
    }

    private static InetSocketAddress match(String entry, List<DatanodeInfo> live) {
        int colon = entry.lastIndexOf(':');
        String host = colon < 0 ? entry : entry.substring(0, colon);
        Integer port = colon < 0 ? null : port(entry, entry.substring(colon + 1));
        String ip = null;
        try {
            ip = InetAddress.getByName(host).getHostAddress();
        } catch (UnknownHostException e) {
            // compared by name only
        }
        List<DatanodeInfo> hits = new ArrayList<>();
        for (DatanodeInfo dn : live) {
            boolean sameHost =
                    host.equalsIgnoreCase(dn.getHostName())
                            || host.equals(dn.getIpAddr())
                            || dn.getIpAddr().equals(ip);
            if (sameHost && (port == null || port == dn.getXferPort())) {
                hits.add(dn);
            }
        }
        if (hits.size() != 1) {
            List<String> known = new ArrayList<>();
            for (DatanodeInfo dn : live) {
                known.add(dn.getHostName() + "=" + dn.getXferAddr());
            }
            throw new IllegalArgumentException(
                    "--hosts: '"
                            + entry
                            + "' "
                            + (hits.isEmpty()
                                    ? "is not a live DataNode"
                                    : "matches " + hits.size() + " DataNodes (add :port)")
                            + "; live DataNodes: "
                            + String.join(", ", known));
        }
        return address(hits.get(0));
    }

    /** Whether favored nodes are known (HDFS with DataNodes or --hosts). */
    public boolean known() {
        return perWorker != null;
    }

    /** Live DataNodes, or -1 when unknown. */
    public int liveDataNodes() {
        return liveDataNodes;
    }

    /** How workers were mapped, in one line (for the output). */
    public String description() {
        return description;
    }

    /** The DataNode name ({@code ip:port}) of each worker, or null when unknown. */
    public List<String> workerNodes() {
        return names;
    }

    /** The distinct DataNodes of {@code workers}, in order; empty when unknown. */
    public List<String> favoredNames(int[] workers) {
        if (!known()) {
            return List.of();
        }
        Set<String> s = new LinkedHashSet<>();
        for (int w : workers) {
            s.add(names.get(w));
        }
        return List.copyOf(s);
    }

    /**
     * The favored-node addresses for {@code DistributedFileSystem.create}, or null when unknown.
     */
    public InetSocketAddress[] favored(int[] workers) {
        if (!known()) {
            return null;
        }
        Set<InetSocketAddress> s = new LinkedHashSet<>();
        for (int w : workers) {
            s.add(perWorker.get(w));
        }
        return s.toArray(new InetSocketAddress[0]);
    }
}
