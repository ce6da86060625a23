package io.github.ycsbtiers.suite.cli;

import io.github.ycsbtiers.suite.input.TargetSpec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A password given in a {@code --target} (as a password, {@code user:password}, or the name of a
 * password file or environment variable) is in no error line of the suite and in no target
 * description (which the summaries print).
 */
class SecretsTest {
  private static final String SECRET = "Sup3r-Secr3t";

  @ParameterizedTest
  @ValueSource(strings = {
      "a=redis,redis.password=" + SECRET + ",broken",
      "a=redis,redis.password=bench:" + SECRET + ",redis.password=x",
      "a=redis,redis.password.file=/run/" + SECRET + ",warmuptime=3",
      "a=redis,redis.password.env=" + SECRET + ",warmuptime.max=3"})
  void errorLinesMaskThePassword(String target) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Main.run(List.of("tier-ratio", "--target", target), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    String e = err.toString(StandardCharsets.UTF_8);
    assertEquals(2, status, e);
    assertTrue(e.startsWith("error: --target a=redis,redis.password"), e);
    assertTrue(e.contains("=***"), e);
    assertFalse(e.contains(SECRET), e);
  }

  @Test
  void theCommandLineThatIndexHtmlShowsMasksThePassword() {
    List<String> shown = SuiteOptions.fromArgs(List.of("tier-ratio", "--target",
        "a=redis,redis.host=10.0.0.5,redis.password=bench:" + SECRET, "--threads", "4")).commandLine();
    assertEquals(List.of("tier-ratio", "--target", "a=redis,redis.host=10.0.0.5,redis.password=***", "--threads", "4"),
        shown);
  }

  @Test
  void targetDescriptionsMaskEveryPasswordProperty() {
    for (String p : List.of("redis.password=" + SECRET, "redis.password=bench:" + SECRET,
        "redis.password.file=/run/" + SECRET, "redis.password.env=" + SECRET)) {
      String described = TargetSpec.parse("r=redis,redis.host=10.0.0.5," + p).toString();
      assertFalse(described.contains(SECRET), described);
      assertTrue(described.contains("redis.host=10.0.0.5"), described);
    }
  }
}
