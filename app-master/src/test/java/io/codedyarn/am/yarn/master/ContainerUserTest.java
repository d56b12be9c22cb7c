package io.codedyarn.am.yarn.master;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.security.token.TokenIdentifier;
import org.junit.jupiter.api.Test;

/** The ApplicationMaster acts as the application's user, with the container's tokens. */
class ContainerUserTest {
    private static UserGroupInformation loginWithToken(String name) {
        UserGroupInformation login = UserGroupInformation.createRemoteUser(name);
        login.addToken(
                new Text("127.0.0.1:8020"),
                new Token<TokenIdentifier>(
                        new byte[] {1},
                        new byte[] {2},
                        new Text("HDFS_DELEGATION_TOKEN"),
                        new Text("127.0.0.1:8020")));
        return login;
    }

    @Test
    void aContainerOfTheNodeManagersOwnUserActsAsTheApplicationsUserWithItsTokens()
            throws Exception {
        UserGroupInformation login = loginWithToken("yarn");
        UserGroupInformation user = ContainerUser.of("alice", login);
        assertThat(user.getShortUserName()).isEqualTo("alice");
        assertThat(user.getCredentials().getAllTokens())
                .containsExactlyElementsOf(login.getCredentials().getAllTokens());
        assertThat(user.getTokens()).hasSize(1);
    }

    @Test
    void aContainerAlreadyOfTheApplicationsUserKeepsItsLogin() throws Exception {
        UserGroupInformation login = loginWithToken("alice");
        assertThat(ContainerUser.of("alice", login)).isSameAs(login);
        assertThat(ContainerUser.of(null, login)).isSameAs(login);
        assertThat(ContainerUser.of("", login)).isSameAs(login);
    }
}
