package io.github.ycsbtiers.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.PropertyReader;
import io.github.ycsbtiers.runner.profile.ProfileOptions;
import io.github.ycsbtiers.runner.profile.RateSchedule;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three bin/ycsb clients with {@code client.count=3} run one rate profile from one
 * {@code target.profile.start}, each its third (upstream's BasicDB, no server: the profile's
 * bookkeeping is what is checked); {@code bin/ycsb merge -p timeline.file} adds their timelines row
 * by row, and every merged row's offered operations are the profile's in that row's window, exactly.
 */
class ProfileClientsIT {
  private static final String PROFILE = "ramp 300 900 2s, constant 600 1s";
  private static final double INTERVAL = 0.5;
  private static final Pattern NUMBER = Pattern.compile("\"%s\":([0-9.]+)");

  @TempDir
  Path dirs;

  @Test
  void mergedOfferedRateIsTheProfilesRowByRow() throws Exception {
    // far enough ahead for three JVMs on a busy machine to be ready (a client late for the start
    // lacks the first rows)
    long start = System.currentTimeMillis() + 10_000;
    List<String> args = List.of("run", "basic", "-P", "workloads/workloada", "-p", "basicdb.verbose=false",
        "-p", "recordcount=100", "-threads", "2", "-p", "target.profile=" + PROFILE,
        "-p", "target.profile.start=" + start, "-p", "timeline.interval=" + INTERVAL);
    // each client's own timeline, under the name merge looks for
    List<YcsbProcess.Result> clients = Clients.runAll(3, dirs, args, i ->
        List.of("-p", "timeline.file=" + Clients.dir(dirs, i).resolve("timeline.jsonl")));
    RateSchedule profile = schedule();
    long offered = 0;
    for (int i = 0; i < 3; i++) {
      long mine = clients.get(i).count("PROFILE", "OfferedOperations");
      YcsbProcess.Result r = clients.get(i);
      assertEquals(mine, r.count("READ", "Operations") + r.count("UPDATE", "Operations"), "client " + i
          + " ran its share\n" + r.out());
      // the run time is the profile's (3 s), not the wait for its start
      assertTrue(r.count("OVERALL", "RunTime(ms)") < 5000, r.out());
      offered += mine;
    }
    assertEquals(profile.operations(), offered, "the clients' shares add up to the profile");

    Path merged = dirs.resolve("merged.jsonl");
    List<String> mergeArgs = new ArrayList<>(List.of("merge", "-p", "timeline.file=" + merged));
    for (int i = 0; i < 3; i++) {
      mergeArgs.add(Clients.dir(dirs, i).toString());
    }
    YcsbProcess.Result m = YcsbProcess.run(Duration.ofMinutes(1), mergeArgs);
    assertEquals(0, m.status(), m.err());
    List<String> rows = Files.readAllLines(merged);
    int full = (int) Math.round(profile.seconds() / INTERVAL);
    assertTrue(rows.size() >= full, rows.size() + " merged rows for a profile of " + full + " intervals:\n"
        + String.join("\n", rows));
    long sum = 0;
    for (int i = 0; i < rows.size(); i++) {
      String row = rows.get(i);
      int k = (int) number(row, "profile_row");
      assertEquals(i, k, "every client had every row: " + row);
      long due = profile.firstDueFrom((k + 1) * INTERVAL) - profile.firstDueFrom(k * INTERVAL);
      assertEquals(due, (long) number(row, "offered_operations"), "row " + k + ": " + row);
      assertEquals(due / INTERVAL, number(row, "offered_ops_per_s"), 1e-6, "row " + k + ": " + row);
      if (k < full) {
        assertEquals(3, (long) number(row, "clients"), "row " + k + ": " + row);
      }
      sum += due;
    }
    assertEquals(profile.operations(), sum);
  }

  private static RateSchedule schedule() {
    Properties p = new Properties();
    p.setProperty(ProfileOptions.PROFILE, PROFILE);
    return ProfileOptions.fromProperties(new PropertyReader(p), 0, true, false, 1, 0, 1).schedule();
  }

  private static double number(String row, String name) {
    Matcher m = Pattern.compile(String.format(NUMBER.pattern(), Pattern.quote(name))).matcher(row);
    assertTrue(m.find(), name + " not in " + row);
    return Double.parseDouble(m.group(1));
  }
}
