package io.codedyarn.am.yarn.master;

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

    /** Whether a request from {@code remote} is the proxy's. */
    boolean allows(InetAddress remote) {
        return addresses.contains(remote);
    }
}
