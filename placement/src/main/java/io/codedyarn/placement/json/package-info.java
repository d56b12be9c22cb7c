/**
 * The stable JSON form of a plan, {@link PlanDocument} ({@code plan --json}, and {@code plan.json}
 * beside a prepared dataset, which the ApplicationMaster checks against the plan it recomputes): a
 * record tree whose field names scripts and the AM rely on, built from a {@code Plan} and
 * optionally its {@code VerifyReport}. It has no JSON library itself: app-master's {@code plan} and
 * {@code data prepare} commands write it with Jackson (hdfs-tools stores the text) and the AM reads
 * it back. Uses only the placement root and {@code placement.verify}; no Hadoop, no I/O.
 */
package io.codedyarn.placement.json;
