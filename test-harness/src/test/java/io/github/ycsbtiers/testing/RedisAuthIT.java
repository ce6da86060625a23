package io.github.ycsbtiers.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RedisAuthIT {
  private static final List<String> ALICE = List.of("--user", "alice", "--pass", "wonder land", "--no-auth-warning");

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone()
      .withPassword("p\"ss word")
      .withAclUser("alice", "wonder land");

  @Test
  void withoutAuthTheServerAnswersNoauth() {
    CliResult result = redis.server().tryCli(List.of(), "SET", "k", "v");
    assertTrue(result.out().contains("NOAUTH"), result.output());
  }

  @Test
  void cliUsesTheDefaultUsersPassword() {
    assertEquals("OK", redis.server().cli("SET", "k", "v"));
    assertEquals("default", redis.server().cli("ACL", "WHOAMI"));
  }

  @Test
  void aclUserCanReadAndWrite() {
    RedisServer server = redis.server();
    CliResult set = server.tryCli(ALICE, "SET", "alice-key", "1");
    assertEquals("OK", set.out().strip(), set.output());
    assertEquals("alice", server.tryCli(ALICE, "ACL", "WHOAMI").out().strip());
    assertEquals("1", server.cli("GET", "alice-key"));
  }

  @Test
  void aclUserWithAWrongPasswordIsRefused() {
    CliResult result = redis.server().tryCli(
        List.of("--user", "alice", "--pass", "wrong", "--no-auth-warning"), "PING");
    assertTrue(result.output().contains("WRONGPASS"), result.output());
  }
}
