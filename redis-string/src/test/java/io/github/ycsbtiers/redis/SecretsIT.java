package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * No password reaches any output: for each way of giving one (a password, {@code user:password},
 * a password file, an environment variable), a Load and a run that echo the command line, print
 * status lines and export JSON files and HdrHistogram logs, and a Load refused for a wrong
 * password (the error line); and two clients ({@code client.count=2}) whose result directories
 * {@code bin/ycsb merge} reads, as text and as a JSON export. Every byte of stdout, stderr and
 * every file written is searched.
 */
class SecretsIT {
  private static final String ADMIN = "Adm1n-pass-Zq8";
  private static final String USER = "bench";
  private static final String USER_PASSWORD = "Us3r-pass-Kp4";
  private static final String WRONG = "Wr0ng-pass-Xy7";

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone().withPassword(ADMIN)
      .withAclUser(USER, USER_PASSWORD);

  @TempDir
  Path dir;

  /** The ways a password is given. */
  enum Source {
    PASSWORD, USER_COLON_PASSWORD, FILE, ENVIRONMENT
  }

  @ParameterizedTest
  @EnumSource(Source.class)
  void noPasswordInAnyOutput(Source source) throws IOException {
    Path files = Files.createDirectories(dir.resolve("out"));
    runAndSearch(source, USER_PASSWORD, files, true);
    runAndSearch(source, WRONG, files, false);
  }

  /**
   * Two clients of one Load and one run, each writing its result directory (report.txt,
   * client.properties, HdrHistogram logs), merged by {@code bin/ycsb merge} as text and as JSON.
   */
  @ParameterizedTest
  @EnumSource(names = {"PASSWORD", "USER_COLON_PASSWORD"})
  void noPasswordInClientResultsOrTheirMerge(Source source) throws Exception {
    String secret = source == Source.PASSWORD ? ADMIN : USER_PASSWORD;
    Map<String, String> env = new HashMap<>();
    List<String> target = target(source, secret, env);
    Path files = Files.createDirectories(dir.resolve("merge"));
    List<YcsbProcess.Result> results = new ArrayList<>();
    for (String phase : List.of("load", "run")) {
      List<CompletableFuture<YcsbProcess.Result>> clients = new ArrayList<>();
      List<String> dirs = new ArrayList<>();
      for (int index = 0; index < 2; index++) {
        Path clientDir = Files.createDirectories(files.resolve(phase + "-c" + index));
        dirs.add(clientDir.toString());
        List<String> more = args("-P", "workloads/workloada", "-p", "recordcount=400", "-p", "operationcount=200",
            "-threads", "2", "-p", "client.count=2", "-p", "client.index=" + index, "-p", "client.seed=7",
            "-p", "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path=" + clientDir + "/");
        clients.add(CompletableFuture.supplyAsync(() -> YcsbRuns.ycsb(env, phase, target, more)));
      }
      for (CompletableFuture<YcsbProcess.Result> c : clients) {
        YcsbProcess.Result r = c.get();
        assertEquals(0, r.status(), r.err());
        results.add(r);
      }
      for (String d : dirs) {
        // the search below is only worth something if the client's files are there
        assertTrue(Files.size(Path.of(d, "report.txt")) > 0 && Files.size(Path.of(d, "client.properties")) > 0, d);
      }
      List<String> merge = new ArrayList<>(List.of("merge"));
      merge.addAll(dirs);
      YcsbProcess.Result text = YcsbProcess.run(YcsbRuns.TIMEOUT, merge);
      assertEquals(0, text.status(), text.err());
      assertTrue(text.out().contains("[OVERALL]"), text.out());
      results.add(text);
      Path json = files.resolve(phase + "-merged.json");
      List<String> mergeJson = new ArrayList<>(List.of("merge",
          "-p", "exporter=site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter",
          "-p", "exportfile=" + json));
      mergeJson.addAll(dirs);
      YcsbProcess.Result exported = YcsbProcess.run(YcsbRuns.TIMEOUT, mergeJson);
      assertEquals(0, exported.status(), exported.err());
      assertTrue(Files.size(json) > 0, json.toString());
      results.add(exported);
    }
    for (YcsbProcess.Result r : results) {
      assertFalse(r.out().contains(secret), "password on stdout: " + r.out());
      assertFalse(r.err().contains(secret), "password on stderr: " + r.err());
    }
    assertNoSecretIn(files, secret);
  }

  /** The binding's connection properties, the password given as {@code source} says. */
  private List<String> target(Source source, String secret, Map<String, String> env) throws IOException {
    List<String> target = new ArrayList<>(args("-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port()));
    switch (source) {
      case PASSWORD -> target.addAll(args("-p", "redis.password=" + secret));
      case USER_COLON_PASSWORD -> target.addAll(args("-p", "redis.password=" + USER + ":" + secret));
      case FILE -> {
        Path file = dir.resolve("password");
        Files.writeString(file, USER + ":" + secret + "\n", StandardCharsets.UTF_8);
        target.addAll(args("-p", "redis.password.file=" + file));
      }
      case ENVIRONMENT -> {
        env.put("YCSB_SECRET_TEST", USER + ":" + secret);
        target.addAll(args("-p", "redis.password.env=YCSB_SECRET_TEST"));
      }
      default -> throw new IllegalStateException();
    }
    return target;
  }

  private static void assertNoSecretIn(Path files, String secret) throws IOException {
    int searched = 0;
    try (Stream<Path> all = Files.walk(files)) {
      for (Path f : (Iterable<Path>) all.filter(Files::isRegularFile)::iterator) {
        assertFalse(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1).contains(secret),
            "password in " + f);
        searched++;
      }
    }
    assertTrue(searched > 0, "no file in " + files);
  }

  private void runAndSearch(Source source, String password, Path files, boolean succeeds) throws IOException {
    String secret = source == Source.PASSWORD ? (password.equals(WRONG) ? WRONG : ADMIN) : password;
    Map<String, String> env = new HashMap<>();
    List<String> target = target(source, secret, env);
    // a wrong password is refused at the first connection, the same code for both phases: the Load's refusal is enough
    for (String phase : succeeds ? List.of("load", "run") : List.of("load")) {
      YcsbProcess.Result r = YcsbRuns.ycsb(env, phase, target, args("-P", "workloads/workloada", "-p",
          "recordcount=200", "-p", "operationcount=200", "-s", "-p", "status.interval=1", "-threads", "2",
          "-p", "exporter=site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter",
          "-p", "exportfile=" + files.resolve(phase + "-" + password.charAt(0) + ".json"),
          "-p", "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path=" + files + "/" + phase + "-"));
      if (succeeds) {
        assertEquals(0, r.status(), r.err());
        // the search below is only worth something if the echoes and files are there
        assertTrue(r.err().contains("Command line:") && r.err().contains(" sec: "), r.err());
        assertTrue(Files.size(files.resolve(phase + "-" + password.charAt(0) + ".json")) > 0);
      } else {
        assertNotEquals(0, r.status(), r.err());
      }
      assertFalse(r.out().contains(secret), "password on stdout: " + r.out());
      assertFalse(r.err().contains(secret), "password on stderr: " + r.err());
    }
    assertNoSecretIn(files, secret);
  }
}
