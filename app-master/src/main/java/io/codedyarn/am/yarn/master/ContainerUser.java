package io.codedyarn.am.yarn.master;

import java.io.IOException;
import java.security.PrivilegedExceptionAction;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.api.ApplicationConstants.Environment;

/**
 * The user an ApplicationMaster's Hadoop clients act as: the application's, as YARN names it in the
 * container's {@code USER}, holding the container's tokens (as MapReduce's MRAppMaster does).
 *
 * <p>Hadoop's own login in a container is the operating system's user unless Kerberos or, on a
 * cluster without it, {@code HADOOP_USER_NAME} says otherwise. Wherever the NodeManager does not
 * run containers as the application's user (its DefaultContainerExecutor: an insecure cluster's
 * default, and the in-process secure test cluster) that is the NodeManager's own user, whose home
 * directory holds neither the job's staging directory nor its checkpoints, and on a cluster without
 * Kerberos whose name the NameNode believes.
 */
final class ContainerUser {
    private ContainerUser() {}

    /** Runs {@code action} as {@link #of} this container's user and login. */
    static <T> T run(PrivilegedExceptionAction<T> action) throws Exception {
        return of(System.getenv(Environment.USER.name()), UserGroupInformation.getCurrentUser())
                .doAs(action);
    }

    /**
     * {@code login} itself when {@code yarnUser} is unset or already its short name; otherwise a
     * user named {@code yarnUser} holding {@code login}'s tokens and secrets.
     */
    static UserGroupInformation of(String yarnUser, UserGroupInformation login) throws IOException {
        if (yarnUser == null || yarnUser.isBlank() || yarnUser.equals(login.getShortUserName())) {
            return login;
        }
        UserGroupInformation user = UserGroupInformation.createRemoteUser(yarnUser);
        user.addCredentials(login.getCredentials());
        return user;
    }
}
