package io.github.ycsbtiers.runner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.runner.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandLineParserTest {
  private final CommandLineParser parser = new CommandLineParser(Bindings.load());

  @TempDir
  Path dir;

  private Path file(String name, String content) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, content);
    return p;
  }

  @Test
  void loadCommandMapsBindingAndPhase() {
    Properties p = parser.parse(new String[] {"load", "basic", "-p", "workload=x"}).properties();
    assertEquals("site.ycsb.BasicDB", p.getProperty("db"));
    assertEquals("false", p.getProperty("dotransactions"));
    assertEquals("false", p.getProperty("basicdb.verbose"), "basic is quiet by default");
  }

  @Test
  void runCommandIsTransactions() {
    Properties p = parser.parse(new String[] {"run", "basic"}).properties();
    assertEquals("true", p.getProperty("dotransactions"));
  }

  @Test
  void upstreamStyleFlags() {
    Properties p = parser.parse(new String[] {"-db", "my.Db", "-load", "-s", "-threads", "32", "-target", "1000",
        "-l", "exp 1"}).properties();
    assertEquals("my.Db", p.getProperty("db"));
    assertEquals("false", p.getProperty("dotransactions"));
    assertEquals("true", p.getProperty("status"));
    assertEquals("32", p.getProperty("threadcount"));
    assertEquals("1000", p.getProperty("target"));
    assertEquals("exp 1", p.getProperty("label"));
  }

  @Test
  void propertyFilesApplyInOrderAndDashPWinsWhereverItStands() throws IOException {
    Path a = file("a", "recordcount=10\nfieldcount=3\nbasicdb.verbose=true\n");
    Path b = file("b", "recordcount=20\n");
    Properties p = parser.parse(new String[] {"load", "basic", "-p", "fieldcount=7", "-P", a.toString(),
        "-P", b.toString()}).properties();
    assertEquals("20", p.getProperty("recordcount"), "later file wins");
    assertEquals("7", p.getProperty("fieldcount"), "-p overrides files even when given first");
    assertEquals("true", p.getProperty("basicdb.verbose"), "files override binding defaults");
  }

  @Test
  void valuesWithSpacesEqualsAndQuotesPassIntact() {
    Properties p = parser.parse(new String[] {"run", "basic", "-p", "label=a b \"c\"", "-p", "x=1=2"}).properties();
    assertEquals("a b \"c\"", p.getProperty("label"));
    assertEquals("1=2", p.getProperty("x"));
  }

  @Test
  void largeCountsAreKeptAsGiven() {
    Properties p = parser.parse(new String[] {"run", "basic", "-p", "recordcount=5120000000"}).properties();
    assertEquals("5120000000", p.getProperty("recordcount"));
  }

  @Test
  void passwordsAreMaskedInTheEcho() {
    Invocation inv = parser.parse(new String[] {"run", "basic", "-p", "redis.password=s3cret", "-p", "x=y"});
    assertFalse(inv.maskedCommandLine().contains("s3cret"));
    assertTrue(inv.maskedCommandLine().contains("redis.password=*****"));
    assertEquals("s3cret", inv.properties().getProperty("redis.password"));
  }

  @Test
  void errorsNameTheProblem() {
    assertMessage(new String[] {"load", "nosuchdb"}, "unknown binding 'nosuchdb'");
    assertMessage(new String[] {"load"}, "missing binding name");
    assertMessage(new String[] {"fly", "basic"}, "unknown command 'fly'");
    assertMessage(new String[] {"run", "basic", "-P", dir.resolve("missing").toString()}, "no such file");
    assertMessage(new String[] {"run", "basic", "-p", "novalue"}, "name=value");
    assertMessage(new String[] {"run", "basic", "-threads"}, "missing value after -threads");
    assertMessage(new String[] {"run", "basic", "-threads", "many"}, "'many' for -threads");
    assertMessage(new String[] {"run", "basic", "-x"}, "unknown option '-x'");
    assertMessage(new String[] {"run", "basic", "stray"}, "unexpected argument 'stray'");
    assertMessage(new String[] {}, "no arguments");
  }

  @Test
  void shellGetsUpstreamArguments() {
    Invocation inv = parser.parse(new String[] {"shell", "basic", "-p", "a=b"});
    assertEquals(Invocation.Mode.SHELL, inv.mode());
    assertEquals("-db site.ycsb.BasicDB -p basicdb.verbose=false -p a=b", String.join(" ", inv.shellArgs()));
  }

  private void assertMessage(String[] args, String fragment) {
    ConfigException e = assertThrows(ConfigException.class, () -> parser.parse(args));
    assertTrue(e.getMessage().contains(fragment), () -> "'" + e.getMessage() + "' lacks '" + fragment + "'");
  }
}
