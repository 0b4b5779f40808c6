#!/usr/bin/env sh
# Generates the three interface cues of spec §7 ("Media sound files load from a sounds path") into
# apps/web/public/sounds/: short sine chimes with soft attack and release, mono MP3 (played by
# every browser). Needs ffmpeg with libmp3lame. Run from the repository root.
set -eu

out=apps/web/public/sounds
mkdir -p "$out"

# tone FREQ START DURATION: one bell-like note (fundamental plus a quiet octave), faded in and out,
# delayed to START seconds.
tone() {
  freq=$1
  start=$2
  dur=$3
  delay=$(awk "BEGIN { printf \"%d\", $start * 1000 }")
  fade_out=$(awk "BEGIN { print $dur * 0.8 }")
  fade_start=$(awk "BEGIN { print $dur - $fade_out }")
  printf '%s' "sine=frequency=$freq:duration=$dur:sample_rate=44100,volume=0.6[f$freq$delay];"
  printf '%s' "sine=frequency=$(awk "BEGIN { print $freq * 2 }"):duration=$dur:sample_rate=44100,volume=0.15[o$freq$delay];"
  printf '%s' "[f$freq$delay][o$freq$delay]amix=inputs=2:normalize=0,"
  printf '%s' "afade=t=in:d=0.01,afade=t=out:st=$fade_start:d=$fade_out,adelay=$delay|$delay"
}

# render NAME "FREQ START DUR" ...: mixes the notes into one short file.
render() {
  name=$1
  shift
  graph=''
  labels=''
  index=0
  for note in "$@"; do
    # shellcheck disable=SC2086
    set -- $note
    graph="$graph$(tone "$1" "$2" "$3")[n$index];"
    labels="$labels[n$index]"
    index=$((index + 1))
  done
  graph="$graph${labels}amix=inputs=$index:normalize=0,volume=3.5,alimiter=limit=0.6"
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i anullsrc=r=44100:cl=mono -filter_complex "$graph" \
    -t 1 -ac 1 -ar 44100 -c:a libmp3lame -b:a 64k "$out/$name.mp3"
}

# Match found: a bright rising major arpeggio (C6 E6 G6).
render match "1046.5 0 0.35" "1318.5 0.09 0.35" "1568 0.18 0.5"
# New message: a soft two-note blip (A5 then E6).
render message "880 0 0.14" "1318.5 0.07 0.2"
# Session ending: a gentle falling pair (G5 then C5).
render ending "784 0 0.4" "523.25 0.2 0.6"

ls -l "$out"
