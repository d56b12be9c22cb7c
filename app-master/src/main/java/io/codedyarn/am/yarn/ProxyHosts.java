package io.codedyarn.am.yarn;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;

/**
 * Who may fetch the AM's tracking page directly: the ResourceManager's web proxy, as Hadoop's
 * {@code AmIpFilter} allows (everyone else is redirected to the proxy, which applies the cluster's
 * authentication and ACLs). The proxy is {@code yarn.web-proxy.address} when a standalone proxy
 * runs, else the proxy inside each ResourceManager's web app ({@code
 * yarn.resourcemanager.webapp.address}, per RM id under HA); a wildcard host stands for {@code
 * yarn.resourcemanager.hostname}.
 *
 * @param addresses the proxy hosts' addresses (those that resolve; empty: none is known)
 * @param base the first proxy's {@code http://host:port}, for redirects
 */
record ProxyHosts(Set<InetAddress> addresses, String base) {
    static ProxyHosts of(Configuration conf) {
        List<String> hostPorts = new ArrayList<>();
        String standalone = conf.getTrimmed("yarn.web-proxy.address", "");
        if (!standalone.isEmpty()) {
            hostPorts.add(standalone);
        } else {
            String[] ids = conf.getTrimmedStrings("yarn.resourcemanager.ha.rm-ids");
            if (conf.getBoolean("yarn.resourcemanager.ha.enabled", false) && ids.length > 0) {
                for (String id : ids) {
                    hostPorts.add(conf.getTrimmed("yarn.resourcemanager.webapp.address." + id));
                }
            } else {
                hostPorts.add(
                        conf.getTrimmed("yarn.resourcemanager.webapp.address", "0.0.0.0:8088"));
            }
        }
        String rmHost = conf.getTrimmed("yarn.resourcemanager.hostname", "0.0.0.0");
        Set<InetAddress> addresses = new LinkedHashSet<>();
        String base = null;
        for (String hp : hostPorts) {
            if (hp == null || hp.isEmpty()) {
                continue;
            }
            int colon = hp.lastIndexOf(':');
            String host = colon < 0 ? hp : hp.substring(0, colon);
            if (host.equals("0.0.0.0")) {
                host = rmHost;
            }
            if (base == null) {
                base = "http://" + host + (colon < 0 ? "" : hp.substring(colon));
            }
            try {
                for (InetAddress a : InetAddress.getAllByName(host)) {
                    addresses.add(a);
                }
            } catch (UnknownHostException e) {
                // a proxy host that does not resolve here cannot connect either
            }
        }
        return new ProxyHosts(Set.copyOf(addresses), base == null ? "" : base);
    }

    /**
     * {@code trackingUrl} as the client should print it. The embedded cluster's ResourceManager
     * reports proxy URLs on port 0, which do not open: MiniYARNCluster configures its web app on
     * port 0 and writes the bound port into the RM's configuration once it listens, but Hadoop
     * 3.5's {@code RMContextImpl.getProxyHostAndPort} caches the proxy address on first use, before
     * that, and every attempt's proxied URL is built from the cache. The client's configuration,
     * written after the cluster started, holds the bound port, so such a URL gets the proxy's
     * {@link #base}. Any other URL (a real cluster's) is the ResourceManager's own and kept as is.
     */
    String reachable(String trackingUrl) {
        if (trackingUrl == null || base.isEmpty()) {
            return trackingUrl;
        }
        try {
            java.net.URI u = new java.net.URI(trackingUrl);
            if (u.getPort() != 0 || u.getRawPath() == null) {
                return trackingUrl;
            }
            return base + u.getRawPath() + (u.getRawQuery() == null ? "" : "?" + u.getRawQuery());
        } catch (java.net.URISyntaxException e) {
            return trackingUrl;
        }
    }

    /** Whether a request from {@code remote} is the proxy's. */
    boolean allows(InetAddress remote) {
        return addresses.contains(remote);
    }
}
