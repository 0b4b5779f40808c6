#!/usr/bin/env bash
# Renders Parlo's own rewarded "ad" (apps/web/public/media/parlo-ad.webm): 20 s, 640x360, VP9,
# silent. It is generated, not filmed, so the repository carries its full recipe. Needs Debian's
# ffmpeg (apt-get install ffmpeg) and DejaVu fonts; only rerun it to change the video.
set -euo pipefail
cd "$(dirname "$0")/.."
out=apps/web/public/media/parlo-ad.webm
mkdir -p "$(dirname "$out")"
bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
regular=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

# One caption per scene: text, start second, end second, font size, y position.
scene() {
  local text=$1 from=$2 to=$3 size=$4 y=$5 font=${6:-$bold}
  # Fades in over 0.5 s and out over 0.5 s inside its window.
  local alpha="if(lt(t,$from),0,if(lt(t,$from+0.5),(t-$from)/0.5,if(lt(t,$to-0.5),1,if(lt(t,$to),($to-t)/0.5,0))))"
  printf "drawtext=fontfile=%s:text='%s':fontsize=%s:fontcolor=white:x=(w-text_w)/2:y=%s:alpha='%s'," \
    "$font" "$text" "$size" "$y" "$alpha"
}

# Two speech bubbles swaying towards each other (two learners meeting) and a progress line
# sliding in along the bottom edge, laid over the gradient; then the captions.
filters="[0][1]overlay=x='60+50*sin(t*0.9)':y=40:eval=frame[a];"
filters+="[a][2]overlay=x='460-50*sin(t*0.9)':y=256:eval=frame[b];"
filters+="[b][3]overlay=x='-640+640*t/20':y=352:eval=frame,"
filters+=$(scene 'Parlo' 0 5 84 120)
filters+=$(scene 'Speak a new language with real people' 0.6 5 26 230 "$regular")
filters+=$(scene '7-minute conversations' 5 10 44 130)
filters+=$(scene 'No tutors, no scheduling. Just talk.' 5.5 10 26 210 "$regular")
filters+=$(scene 'Matched by language and level' 10 15 34 134)
filters+=$(scene 'Chat and prompts keep it going' 10.5 15 26 210 "$regular")
filters+=$(scene 'Thanks for watching' 15 20 48 120)
filters+=$(scene '+1 bonus token' 15.5 20 34 210)
filters=${filters%,}

ffmpeg -y -hide_banner -loglevel error \
  -f lavfi -i "gradients=s=640x360:d=20:r=24:c0=0x0e7d6f:c1=0x12423e:speed=0.01" \
  -f lavfi -i "color=c=0xfb7c5f:s=120x64:r=24:d=20" \
  -f lavfi -i "color=c=0x2bb8a2:s=120x64:r=24:d=20" \
  -f lavfi -i "color=c=0xfb7c5f:s=640x8:r=24:d=20" \
  -filter_complex "$filters" -t 20 \
  -c:v libvpx-vp9 -b:v 0 -crf 34 -row-mt 1 -deadline good -cpu-used 2 -pix_fmt yuv420p -an \
  "$out"
echo "wrote $out ($(stat -c %s "$out") bytes)"
