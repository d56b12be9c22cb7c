/**
 * Long jobs on a Kerberos cluster ({@code train --principal P --keytab K}, as spark-submit has):
 * the client's login from the keytab and its staging as a private resource ({@link KeytabLogin}),
 * and the ApplicationMaster's {@link TokenRenewer}, which logs in from the shipped keytab and
 * obtains fresh HDFS delegation tokens before the ones the job started with expire.
 */
package io.codedyarn.am.yarn.kerberos;
