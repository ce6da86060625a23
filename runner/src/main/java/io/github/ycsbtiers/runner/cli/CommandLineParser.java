package io.github.ycsbtiers.runner.cli;

import io.github.ycsbtiers.api.PropertyValues;
import io.github.ycsbtiers.runner.config.ConfigException;
import io.github.ycsbtiers.runner.config.RunOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Parses upstream YCSB's client flags ({@code -db -P -p -s -threads -target -load -t -l}), either
 * alone (as {@code java site.ycsb.Client} takes them) or after {@code load|run|shell <binding>}
 * as {@code bin/ycsb} passes them. Property files are applied in order and {@code -p} options
 * override them whatever their position, as upstream does. Unlike upstream, every mistake is a
 * {@link ConfigException} (non-zero exit) rather than a usage text and exit code 0.
 */
public final class CommandLineParser {
  private final Bindings bindings;

  public CommandLineParser(Bindings bindings) {
    this.bindings = bindings;
  }

  public Invocation parse(String[] args) {
    List<String> masked = new ArrayList<>();
    for (String a : args) {
      masked.add(Secrets.maskAssignment(a));
    }
    if (args.length == 0) {
      throw new ConfigException("no arguments: expected load|run|shell <binding> [options]; see -h");
    }
    if (args[0].equals("-h") || args[0].equals("--help") || args[0].equals("help")) {
      return new Invocation(Invocation.Mode.HELP, new Properties(), masked, List.of());
    }
    Properties defaults = new Properties();
    Properties flags = new Properties();
    int i = 0;
    Invocation.Mode mode = Invocation.Mode.PHASE;
    List<String> shellArgs = new ArrayList<>();
    if (!args[0].startsWith("-")) {
      String command = args[0];
      if (!command.equals("load") && !command.equals("run") && !command.equals("shell")) {
        throw new ConfigException("unknown command '" + command + "': allowed load, run, shell");
      }
      if (args.length < 2 || args[1].startsWith("-")) {
        throw new ConfigException("missing binding name after '" + command + "': known bindings are "
            + String.join(", ", bindings.names()));
      }
      String cls = bindings.className(args[1]);
      defaults.putAll(bindings.defaults(args[1]));
      flags.setProperty(RunOptions.DB, cls);
      if (command.equals("shell")) {
        mode = Invocation.Mode.SHELL;
        shellArgs.add("-db");
        shellArgs.add(cls);
        for (String name : defaults.stringPropertyNames()) {
          shellArgs.add("-p");
          shellArgs.add(name + "=" + defaults.getProperty(name));
        }
        for (int k = 2; k < args.length; k++) {
          shellArgs.add(args[k]);
        }
        return new Invocation(mode, defaults, masked, shellArgs);
      }
      flags.setProperty(RunOptions.DO_TRANSACTIONS, String.valueOf(command.equals("run")));
      i = 2;
    }
    Properties files = new Properties();
    files.putAll(defaults);
    while (i < args.length) {
      String a = args[i];
      switch (a) {
        case "-threads":
          // -threads auto: a ramp finds the count (io.github.ycsbtiers.runner.ramp)
          String n = value(args, i++);
          flags.setProperty(RunOptions.THREAD_COUNT, n.equals("auto") ? n : wholeNumber(a, n));
          break;
        case "-target":
          flags.setProperty(RunOptions.TARGET, wholeNumber(a, value(args, i++)));
          break;
        case "-load":
          flags.setProperty(RunOptions.DO_TRANSACTIONS, "false");
          break;
        case "-t":
          flags.setProperty(RunOptions.DO_TRANSACTIONS, "true");
          break;
        case "-s":
          flags.setProperty(RunOptions.STATUS, "true");
          break;
        case "-db":
          flags.setProperty(RunOptions.DB, value(args, i++));
          break;
        case "-l":
          flags.setProperty(RunOptions.LABEL, value(args, i++));
          break;
        case "-P":
          loadFile(value(args, i++), files);
          break;
        case "-p":
          String kv = value(args, i++);
          int eq = kv.indexOf('=');
          if (eq <= 0) {
            throw new ConfigException("argument of -p must be name=value (e.g. -p operationcount=1000), got '"
                + Secrets.maskAssignment(kv) + "'");
          }
          flags.setProperty(kv.substring(0, eq), kv.substring(eq + 1));
          break;
        default:
          throw new ConfigException(a.startsWith("-")
              ? "unknown option '" + a + "': allowed -db, -P, -p, -s, -threads, -target, -load, -t, -l"
              : "unexpected argument '" + a + "': expected an option such as -P file or -p name=value");
      }
      i++;
    }
    files.putAll(flags);
    return new Invocation(mode, files, masked, shellArgs);
  }

  private static String value(String[] args, int optionIndex) {
    if (optionIndex + 1 >= args.length) {
      throw new ConfigException("missing value after " + args[optionIndex]);
    }
    return args[optionIndex + 1];
  }

  private static String wholeNumber(String option, String value) {
    if (PropertyValues.wholeNumber(value).orElse(-1) >= 0) {
      return value;
    }
    throw new ConfigException("invalid value '" + value + "' for " + option + ": allowed a whole number >= 0");
  }

  private static void loadFile(String name, Properties into) {
    Path path = Path.of(name);
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(path); Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
      p.load(r);
    } catch (NoSuchFileException e) {
      throw new ConfigException("cannot read property file '" + name + "' given with -P: no such file");
    } catch (IOException | IllegalArgumentException e) {
      throw new ConfigException("cannot read property file '" + name + "' given with -P: " + e.getMessage());
    }
    into.putAll(p);
  }
}
