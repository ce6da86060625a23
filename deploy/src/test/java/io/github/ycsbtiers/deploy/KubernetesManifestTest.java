package io.github.ycsbtiers.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The manifests of deploy/kubernetes parsed by fabric8's Kubernetes object model: a batch/v1 Job,
 * Indexed, with completions = parallelism = the client.count its pods run with, and the shared
 * volume wired from the load Job to the merge Job.
 */
class KubernetesManifestTest {
  private static final Path DIR = Path.of("kubernetes");
  private final KubernetesSerialization serialization = new KubernetesSerialization();

  private <T> T parse(String file, Class<T> type) throws Exception {
    try (InputStream in = Files.newInputStream(DIR.resolve(file))) {
      Object parsed = serialization.unmarshal(in);
      return assertInstanceOf(type, parsed, file + " parses as " + type.getSimpleName());
    }
  }

  private static String env(Container c, String name) {
    return c.getEnv().stream().filter(e -> e.getName().equals(name)).map(EnvVar::getValue).findFirst()
        .orElseThrow(() -> new AssertionError("no env " + name + " in container " + c.getName()));
  }

  @Test
  void loadJobIsAnIndexedJobWithTheCountWiredThrough() throws Exception {
    Job job = parse("load-job.yaml", Job.class);
    assertEquals("batch/v1", job.getApiVersion());
    assertEquals("Job", job.getKind());
    assertEquals("Indexed", job.getSpec().getCompletionMode());
    int completions = job.getSpec().getCompletions();
    assertEquals(completions, job.getSpec().getParallelism(), "parallelism = completions");
    assertEquals("Never", job.getSpec().getTemplate().getSpec().getRestartPolicy());

    Container c = job.getSpec().getTemplate().getSpec().getContainers().get(0);
    assertEquals(Integer.toString(completions), env(c, "CLIENT_COUNT"), "CLIENT_COUNT = completions");
    String script = String.join(" ", c.getArgs());
    Matcher count = Pattern.compile("-p client\\.count=(\\S+)").matcher(script);
    assertTrue(count.find(), script);
    assertEquals("$(CLIENT_COUNT)", count.group(1), "client.count comes from CLIENT_COUNT");
    assertTrue(!script.contains("client.index"), "client.index comes from JOB_COMPLETION_INDEX, never fixed: " + script);
    assertTrue(script.contains("client-$(JOB_COMPLETION_INDEX)"), "one result directory per index: " + script);
    assertTrue(script.contains("-p hdrhistogram.fileoutput=true -p hdrhistogram.output.path=$dir/"), script);
    assertTrue(script.contains("bin/ycsb load redis"), script);

    String mount = c.getVolumeMounts().get(0).getMountPath();
    assertTrue(script.contains("dir=" + mount + "/"), "results go to the shared volume: " + script);
    assertEquals("ycsb-results", claimOf(job.getSpec().getTemplate().getSpec()));
  }

  /** Each pod serves metrics where its annotations tell Prometheus to scrape, labelled with the run. */
  @Test
  void loadJobPodsAreScrapedOnTheirMetricsPort() throws Exception {
    Job job = parse("load-job.yaml", Job.class);
    Map<String, String> annotations = job.getSpec().getTemplate().getMetadata().getAnnotations();
    assertEquals("true", annotations.get("prometheus.io/scrape"));
    String port = annotations.get("prometheus.io/port");
    assertEquals("/metrics", annotations.get("prometheus.io/path"));
    Container c = job.getSpec().getTemplate().getSpec().getContainers().get(0);
    assertEquals(Integer.parseInt(port), c.getPorts().get(0).getContainerPort(), "the annotated port is the container's");
    String script = String.join(" ", c.getArgs());
    assertTrue(script.contains("-p metrics.port=" + port + " "), script);
    assertTrue(script.contains("-p metrics.run=$(RUN_ID) "), "one run label for every pod: " + script);
    assertTrue(!script.contains("metrics.labels=client"), "the client label is the pod's index already: " + script);
  }

  @Test
  void mergeJobReadsTheSameVolumeAndRun() throws Exception {
    Job load = parse("load-job.yaml", Job.class);
    Job merge = parse("merge-job.yaml", Job.class);
    assertEquals("batch/v1", merge.getApiVersion());
    assertEquals(1, merge.getSpec().getCompletions());
    assertEquals(claimOf(load.getSpec().getTemplate().getSpec()), claimOf(merge.getSpec().getTemplate().getSpec()));
    Container c = merge.getSpec().getTemplate().getSpec().getContainers().get(0);
    Container loader = load.getSpec().getTemplate().getSpec().getContainers().get(0);
    assertEquals(env(loader, "RUN_ID"), env(c, "RUN_ID"), "the merge reads the run the load wrote");
    assertTrue(String.join(" ", c.getArgs()).contains("bin/ycsb merge /results/$(RUN_ID)/client-*"), c.getArgs().toString());
  }

  @Test
  void eachJobMountsTheClaimAtThePathItsScriptUses() throws Exception {
    for (String file : new String[] {"load-job.yaml", "merge-job.yaml", "profile-job.yaml"}) {
      PodSpec pod = parse(file, Job.class).getSpec().getTemplate().getSpec();
      Container c = pod.getContainers().get(0);
      assertEquals(1, c.getVolumeMounts().size(), file);
      var mount = c.getVolumeMounts().get(0);
      Volume v = pod.getVolumes().stream().filter(x -> x.getName().equals(mount.getName())).findFirst()
          .orElseThrow(() -> new AssertionError(file + ": the mount names no volume of the pod: " + mount.getName()));
      assertEquals("ycsb-results", v.getPersistentVolumeClaim().getClaimName(), file);
      String script = String.join(" ", c.getArgs());
      // every absolute path the script reads or writes under /results is under the mount
      Matcher paths = Pattern.compile("(/results[^\\s|&;]*)").matcher(script);
      int found = 0;
      while (paths.find()) {
        found++;
        assertTrue(paths.group(1).startsWith(mount.getMountPath() + "/"), file + ": " + paths.group(1)
            + " is not under the mount " + mount.getMountPath());
      }
      assertTrue(found > 0, file + ": the script uses the results volume: " + script);
    }
  }

  /** The profiled run: an Indexed Job whose pods share one profile start and write their timelines for the merge. */
  @Test
  void profileJobGivesEveryPodOneStartAndATimeline() throws Exception {
    Job job = parse("profile-job.yaml", Job.class);
    assertEquals("Indexed", job.getSpec().getCompletionMode());
    int completions = job.getSpec().getCompletions();
    assertEquals(completions, job.getSpec().getParallelism(), "parallelism = completions");
    Container c = job.getSpec().getTemplate().getSpec().getContainers().get(0);
    assertEquals(Integer.toString(completions), env(c, "CLIENT_COUNT"), "CLIENT_COUNT = completions");
    assertEquals("${PROFILE_START}", env(c, "PROFILE_START"), "filled in by envsubst as the Job is created");
    String script = String.join(" ", c.getArgs());
    assertTrue(script.contains("-p client.count=$(CLIENT_COUNT)"), script);
    assertTrue(!script.contains("client.index"), script);
    assertTrue(script.contains("-p \"target.profile=$(PROFILE)\" -p target.profile.start=$(PROFILE_START)"), script);
    assertTrue(script.contains("-p timeline.file=$dir/timeline.jsonl"), "the name merge looks for: " + script);
    assertTrue(script.contains("bin/ycsb run redis"), script);
    assertEquals("ycsb-results", claimOf(job.getSpec().getTemplate().getSpec()));
  }

  @Test
  void resultsClaimIsSharedBetweenNodes() throws Exception {
    PersistentVolumeClaim pvc = parse("results-pvc.yaml", PersistentVolumeClaim.class);
    assertEquals("ycsb-results", pvc.getMetadata().getName());
    assertTrue(pvc.getSpec().getAccessModes().contains("ReadWriteMany"), pvc.getSpec().getAccessModes().toString());
  }

  private static String claimOf(PodSpec spec) {
    Volume v = spec.getVolumes().get(0);
    return v.getPersistentVolumeClaim().getClaimName();
  }
}
