package io.github.ycsbtiers.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code bin/ycsb}, {@code bin/ycsb merge}, {@code bin/ycsb-suite} (and the {@code bin/ycsb}
 * command of a {@code bin/ycsb-fanout}) example in the repository's Markdown parses: run from the
 * repository root with a dry run, which checks every setting and exits before connecting to
 * anything, it exits 0.
 */
class DocsExamplesIT {
  @TempDir
  Path tmp;

  @Test
  void everyExampleParses() throws Exception {
    Path root = Repository.root();
    LinkCheck tree = new LinkCheck(root);
    List<Example> examples = new ArrayList<>();
    for (Path p : tree.markdownFiles()) {
      examples.addAll(Example.of(p, MarkdownFile.read(p)));
    }
    List<String> failures = new ArrayList<>();
    int run = 0;
    for (Example e : examples) {
      if (e.skipped() != null) {
        System.out.println("not run (" + e.skipped() + "): " + e.where(root) + ": " + e.text());
        continue;
      }
      run++;
      String failure = ExampleRun.failure(root, e);
      if (failure != null) {
        failures.add(failure);
      }
    }
    assertTrue(run >= 30, "only " + run + " examples found to run");
    assertEquals(List.of(), failures, run + " examples run; these failed:\n" + String.join("\n", failures));
  }

  @Test
  void anExampleWithAnUnknownPropertyFails() throws Exception {
    Path root = Repository.root();
    Path md = tmp.resolve("bad.md");
    Files.writeString(md, "# Bad\n\n```sh\n./bin/ycsb run redis -P workloads/workloadc -p redis.host=127.0.0.1 \\\n"
        + "  -p redis.hots=10.0.0.5\n./bin/ycsb-suite tier-ratio --tragets x\n```\n");
    List<Example> examples = Example.of(md, MarkdownFile.read(md));
    assertEquals(2, examples.size(), examples.toString());
    String failure = ExampleRun.failure(root, examples.get(0));
    assertTrue(failure != null && failure.contains("exit 2") && failure.contains("unknown property 'redis.hots'"),
        String.valueOf(failure));
    String suite = ExampleRun.failure(root, examples.get(1));
    assertTrue(suite != null && suite.contains("exit 2") && suite.contains("--tragets"), String.valueOf(suite));
  }

  @Test
  void anExampleWithAnUndefinedVariableFails() throws Exception {
    Path md = tmp.resolve("vars.md");
    Files.writeString(md, "```sh\nP=\"-p recordcount=10\"\n./bin/ycsb load basic -P workloads/load $P $Q\n```\n");
    List<Example> examples = Example.of(md, MarkdownFile.read(md));
    String failure = ExampleRun.failure(Repository.root(), examples.get(0));
    assertTrue(failure != null && failure.contains("$Q"), String.valueOf(failure));
  }
}
