package io.codedyarn.am.yarn.client;

import io.codedyarn.am.config.YarnJobKeys;
import io.codedyarn.am.config.YarnSettings;
import io.codedyarn.am.yarn.NodeLabels;
import io.codedyarn.am.yarn.YarnKeys;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.ResourceRequest;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What {@code train} ({@link YarnSubmitter}) and {@code predict} ({@link PredictSubmitter}) submit
 * alike, so the two keep the same placement keys: the check that some running node carries each
 * node label asked for, the submission context's ApplicationMaster resources and node label, queue,
 * attempts, priority and tags, and the loop that follows an application's report to its end
 * (killing it if this JVM is stopped meanwhile).
 */
final class Submission {
    private static final Logger LOG = LoggerFactory.getLogger(Submission.class);

    private Submission() {}

    /** What the follower is told of each report; may kill the application through the client. */
    interface ReportObserver {
        void report(ApplicationReport report, boolean ended) throws IOException, YarnException;
    }

    /**
     * Before anything is staged: a node label no running NodeManager carries is an error naming the
     * label and every node's labels, since YARN would keep such an application (or its workers'
     * requests) waiting forever.
     */
    static void checkNodeLabels(YarnClient yarn, Configuration conf, YarnSettings settings)
            throws IOException, YarnException {
        if (settings.amNodeLabel().isEmpty() && settings.workerNodeLabel().isEmpty()) {
            return;
        }
        List<NodeReport> running;
        try {
            running = yarn.getNodeReports(NodeState.RUNNING);
        } catch (java.net.ConnectException | java.net.NoRouteToHostException e) {
            throw RmConnection.unreachable(conf, e);
        }
        NodeLabels.carrying(running, settings.amNodeLabel(), YarnJobKeys.AM_NODE_LABEL);
        NodeLabels.carrying(running, settings.workerNodeLabel(), YarnJobKeys.WORKER_NODE_LABEL);
    }

    /**
     * Sets {@code ctx}'s name, type, the ApplicationMaster's resource and node label, queue,
     * attempts (and their validity interval), priority and tags from {@code settings}.
     */
    static void place(
            ApplicationSubmissionContext ctx, YarnSettings settings, String name, int attempts) {
        ctx.setApplicationName(name);
        ctx.setApplicationType(YarnKeys.APPLICATION_TYPE);
        Resource amResource = Resource.newInstance(settings.amMemoryMb(), settings.amVcores());
        ctx.setResource(amResource);
        if (!settings.amNodeLabel().isEmpty()) {
            // the AM's label goes on its container's request, as Spark's client sets it
            ctx.setAMContainerResourceRequests(
                    List.of(
                            ResourceRequest.newBuilder()
                                    .resourceName(ResourceRequest.ANY)
                                    .capability(amResource)
                                    .numContainers(1)
                                    .priority(Priority.newInstance(0))
                                    .relaxLocality(true)
                                    .nodeLabelExpression(settings.amNodeLabel())
                                    .build()));
        }
        ctx.setQueue(settings.queue());
        ctx.setMaxAppAttempts(attempts);
        ctx.setAttemptFailuresValidityInterval(settings.attemptFailuresValidityMs());
        if (settings.priority() > 0) {
            ctx.setPriority(Priority.newInstance(settings.priority()));
        }
        if (!settings.tags().isEmpty()) {
            ctx.setApplicationTags(new HashSet<>(settings.tags()));
        }
    }

    /**
     * Polls {@code id}'s report every {@code intervalMs} until it is FINISHED, FAILED or KILLED,
     * telling {@code observer} each one, and returns the last. While it polls, a shutdown hook
     * kills the application: an orphaned job would hold its containers.
     */
    static ApplicationReport followToEnd(
            YarnClient yarn, ApplicationId id, int intervalMs, ReportObserver observer)
            throws IOException, YarnException, InterruptedException {
        Thread killer =
                new Thread(
                        () -> {
                            try {
                                LOG.warn("interrupted: killing {}", id);
                                yarn.killApplication(id);
                            } catch (Exception e) {
                                LOG.error("could not kill {}: {}", id, e.toString());
                            }
                        },
                        "kill-" + id);
        Runtime.getRuntime().addShutdownHook(killer);
        try {
            while (true) {
                ApplicationReport r = yarn.getApplicationReport(id);
                YarnApplicationState s = r.getYarnApplicationState();
                boolean ended =
                        s == YarnApplicationState.FINISHED
                                || s == YarnApplicationState.FAILED
                                || s == YarnApplicationState.KILLED;
                observer.report(r, ended);
                if (ended) {
                    return r;
                }
                Thread.sleep(intervalMs);
            }
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(killer);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: leave it
            }
        }
    }

    /** The report's diagnostics, "" when it has none. */
    static String diagnostics(ApplicationReport r) {
        return r.getDiagnostics() == null ? "" : r.getDiagnostics();
    }
}
