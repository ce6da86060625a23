package io.github.ycsbtiers.redis.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServerExtension;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.protocol.ProtocolVersion;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A hand-shake that lasts as long as its time-out: Lettuce may then return a connection that its
 * time-out has already closed. With a hand-shake time-out about as long as an AUTH round trip on
 * loopback, a few in a thousand connections meet it; every one that opens must answer a command.
 */
class LettuceConnectionIT {
  private static final String PASSWORD = "race-Secret-3";
  private static final int CONNECTIONS = 2_000;

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone().withPassword(PASSWORD);

  @Test
  void aConnectionClosedByItsHandshakeTimeoutIsOpenedAgain() {
    RedisClient client = RedisClient.create();
    client.setOptions(ClientOptions.builder().protocolVersion(ProtocolVersion.RESP2)
        .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS).build());
    int opened = 0;
    int timedOut = 0;
    try {
      for (int i = 0; i < CONNECTIONS; i++) {
        RedisURI uri = RedisURI.builder().withHost(redis.host()).withPort(redis.port())
            .withPassword(PASSWORD.toCharArray()).withTimeout(Duration.ofNanos(400_000)).build();
        try (LettuceConnection c = LettuceConnection.open(client, List.of(uri))) {
          assertEquals("PONG", new String(LettuceClient.join(c.commands().echo("PONG".getBytes()))));
          opened++;
        } catch (RedisConnectionException | RedisCommandTimeoutException e) {
          timedOut++; // the hand-shake itself timed out three times: a refusal, not a dead connection
        }
      }
    } finally {
      client.shutdown();
    }
    assertTrue(opened > CONNECTIONS / 2, "opened " + opened + ", hand-shake timed out " + timedOut);
  }
}
