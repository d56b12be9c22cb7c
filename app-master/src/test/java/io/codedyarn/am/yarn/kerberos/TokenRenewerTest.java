package io.codedyarn.am.yarn.kerberos;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** When the renewer fetches fresh tokens: 75 % of the shortest remaining token life. */
class TokenRenewerTest {
    private static final long DAY = 24L * 3600 * 1000;

    @Test
    void theNextFetchIsThreeQuartersThroughTheShortestTokenLife() {
        long now = 1_000_000;
        // renew interval (1 day) shorter than the maximum lifetime (7 days): 18 h after issue
        assertThat(
                        TokenRenewer.delayMillis(
                                List.of(new TokenRenewer.Lifetime(now, now + 7 * DAY)), DAY, now))
                .isEqualTo(DAY * 3 / 4);
        // maximum lifetime shorter: 75 % of it; the earlier of two tokens decides
        assertThat(
                        TokenRenewer.delayMillis(
                                List.of(
                                        new TokenRenewer.Lifetime(now - 2_000, now + 18_000),
                                        new TokenRenewer.Lifetime(now, now + 7 * DAY)),
                                DAY,
                                now))
                .isEqualTo(-2_000 + 15_000);
    }

    @Test
    void aTokenPastItsDueTimeIsFetchedSoonButNotInALoop() {
        long now = 1_000_000;
        assertThat(
                        TokenRenewer.delayMillis(
                                List.of(new TokenRenewer.Lifetime(now - 10_000, now + 1_000)),
                                DAY,
                                now))
                .isEqualTo(TokenRenewer.FLOOR_MILLIS);
        assertThat(TokenRenewer.delayMillis(List.of(), DAY, now)).isZero();
    }
}
