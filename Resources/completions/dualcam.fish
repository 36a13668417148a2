function __dualcam_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __dualcam_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __dualcam_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __dualcam_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __dualcam_parse_tokens -S
    set -l unparsed_tokens (__dualcam_tokens -pc)
    switch $unparsed_tokens[1]
    case 'dualcam'
        __dualcam_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'ui'
            __dualcam_parse_subcommand 0 'front=' 'back=' 'size=' 'fps=' 'codec=' 'camera-codec=' 'container=' 'bitrate=' 'preset=' 'o/output=' 'audio=' 'audio2=' 'audio-mix=' 'audio-rate=' 'audio-channels=' 'audio-bitrate=' 'audio-codec=' 'swap' 'split=' 'canvas=' 'scaling=' 'border=' 'front-zoom=' 'back-zoom=' 'colors=' 'version' 'h/help'
        case 'record'
            __dualcam_parse_subcommand 0 'front=' 'back=' 'size=' 'fps=' 'codec=' 'camera-codec=' 'container=' 'bitrate=' 'preset=' 'o/output=' 'audio=' 'audio2=' 'audio-mix=' 'audio-rate=' 'audio-channels=' 'audio-bitrate=' 'audio-codec=' 'swap' 'split=' 'canvas=' 'scaling=' 'border=' 'front-zoom=' 'back-zoom=' 'duration=' 'budget=' 'quiet' 'json' 'version' 'h/help'
        case 'recover'
            __dualcam_parse_subcommand -r 1 'o/output=' 'version' 'h/help'
        case 'devices'
            __dualcam_parse_subcommand 0 'json' 'version' 'h/help'
        case 'controls'
            __dualcam_parse_subcommand -r 2 'set=+' 'reset' 'json' 'version' 'h/help'
        case 'budget'
            __dualcam_parse_subcommand 0 'front=' 'back=' 'size=' 'fps=' 'codec=' 'camera-codec=' 'container=' 'bitrate=' 'preset=' 'o/output=' 'audio=' 'audio2=' 'audio-mix=' 'audio-rate=' 'audio-channels=' 'audio-bitrate=' 'audio-codec=' 'swap' 'split=' 'canvas=' 'scaling=' 'border=' 'front-zoom=' 'back-zoom=' 'duration=' 'json' 'version' 'h/help'
        case 'list'
            __dualcam_parse_subcommand 0 'o/output=+' 'sort=' 'reverse' 'resolution=+' 'since=' 'until=' 'problems' 'search=' 'json' 'verbose' 'version' 'h/help'
        case 'show'
            __dualcam_parse_subcommand 1 'o/output=+' 'json' 'version' 'h/help'
        case 'delete'
            __dualcam_parse_subcommand -r 1 'o/output=+' 'permanent' 'yes' 'version' 'h/help'
        case 'export'
            __dualcam_parse_subcommand -r 1 'o/output=+' 'to=' 'container=' 'version' 'h/help'
        case 'help'
            __dualcam_parse_subcommand -r 1 'version'
        end
    end
end

function __dualcam_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __dualcam_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __dualcam_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __dualcam_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__dualcam_tokens -p)
    if test -z "$(__dualcam_tokens -t)"
        set -l index (count (__dualcam_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'dualcam' -f
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam" version' -l 'version' -d 'Show the version.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_positional "dualcam" -eq 1' -fa 'ui' -d 'Open the terminal interface (the default): live preview, recording, menus.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_positional "dualcam" -eq 1' -fa 'record' -d 'Record a take: two sources into dualview, front and back files.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_positional "dualcam" -eq 1' -fa 'recover' -d 'Finish interrupted takes (.partial folders) so they play and seek everywhere.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_positional "dualcam" -eq 1' -fa 'devices' -d 'List the V4L2 cameras (node, name, identity, USB details, best formats) and sound inputs.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_positional "dualcam" -eq 1' -fa 'controls' -d 'List, set or reset a camera\'s controls (brightness, exposure, focus, …).'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_positional "dualcam" -eq 1' -fa 'budget' -d 'Say whether a take with these settings fits this machine, before recording.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_positional "dualcam" -eq 1' -fa 'list' -d 'List the takes: date, length, size, resolution, codec and problems.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_positional "dualcam" -eq 1' -fa 'show' -d 'Show a take\'s whole metadata: files, sources, settings and sync figures.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_positional "dualcam" -eq 1' -fa 'delete' -d 'Move takes to the Trash (restorable from a file manager), or delete them for good.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_positional "dualcam" -eq 1' -fa 'export' -d 'Copy takes to another folder, or remux them (e.g. MOV → MP4) without re-encoding.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_positional "dualcam" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" front' -l 'front' -d 'Front camera: device path, synthetic[:options] or file:PATH.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" back' -l 'back' -d 'Back camera: device path, synthetic[:options] or file:PATH.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" size' -l 'size' -d 'Camera frame size: WIDTHxHEIGHT, 480p, 720p, 1080p or 4k (default 1280x720).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" fps' -l 'fps' -d 'Frame rate of all outputs: 30, 29.97, 30000/1001 (default 30).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" codec' -l 'codec' -d 'Codec: h264 (default), hevc, mjpeg, ffv1 (lossless).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" camera-codec' -l 'camera-codec' -d 'Codec of the front and back files: copy (each camera\'s own MJPEG, not re-encoded), h264, hevc, mjpeg, ffv1 (default: as --codec).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" container' -l 'container' -d 'Container: mov (default), mp4, mkv.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" bitrate' -l 'bitrate' -d 'Bitrate per output: auto (default), low, medium, high, max, or e.g. 8M.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" preset' -l 'preset' -d 'x264/x265 preset: ultrafast … veryslow (default ultrafast).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" o output' -s 'o' -l 'output' -d 'Folder for takes (default ~/Videos/DualCam).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" audio' -l 'audio' -d 'Sound input: none, default, hw:CARD,DEV, plughw:CARD,DEV, synthetic, file (the sound of a file: camera), or auto (default: a file camera\'s sound when no camera is live, else the system\'s default input if one exists, else none).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" audio2' -l 'audio2' -d 'A second sound input (a device or synthetic), e.g. a second microphone.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" audio-mix' -l 'audio-mix' -d 'With --audio2: tracks (default: each input its own sound track in every file) or mix (both in one track).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" audio-rate' -l 'audio-rate' -d 'Sound samples per second (default 48000).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" audio-channels' -l 'audio-channels' -d 'Sound channels: 1 or 2 (default 2).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" audio-bitrate' -l 'audio-bitrate' -d 'AAC/Opus bitrate: 128k (default), 256k, 320k.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" audio-codec' -l 'audio-codec' -d 'Sound codec: aac (MOV/MP4 default), opus (MKV only, its default), pcm or pcm24 (lossless, MOV/MKV; the default for --codec ffv1 there).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" swap' -l 'swap' -d 'Put the back camera on top.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" split' -l 'split' -d 'Share of the height for the top camera: 50/50, 60/40, 70/30.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" canvas' -l 'canvas' -d 'Dual-view size: full (both at native size), portrait, landscape, WxH.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" scaling' -l 'scaling' -d 'How each camera fills its band: fill (crop) or fit (letterbox).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" border' -l 'border' -d 'Line between the cameras: PIXELS[:COLOR], e.g. 4:white or 6:#FF8800.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" front-zoom' -l 'front-zoom' -d 'Digital zoom of the front camera: FACTOR[@X,Y], X,Y in 0–1.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" back-zoom' -l 'back-zoom' -d 'Digital zoom of the back camera: FACTOR[@X,Y], X,Y in 0–1.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" colors' -l 'colors' -d 'Preview colours: auto, truecolor, 256, 16 or none.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" version' -l 'version' -d 'Show the version.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam ui" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" front' -l 'front' -d 'Front camera: device path, synthetic[:options] or file:PATH.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" back' -l 'back' -d 'Back camera: device path, synthetic[:options] or file:PATH.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" size' -l 'size' -d 'Camera frame size: WIDTHxHEIGHT, 480p, 720p, 1080p or 4k (default 1280x720).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" fps' -l 'fps' -d 'Frame rate of all outputs: 30, 29.97, 30000/1001 (default 30).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" codec' -l 'codec' -d 'Codec: h264 (default), hevc, mjpeg, ffv1 (lossless).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" camera-codec' -l 'camera-codec' -d 'Codec of the front and back files: copy (each camera\'s own MJPEG, not re-encoded), h264, hevc, mjpeg, ffv1 (default: as --codec).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" container' -l 'container' -d 'Container: mov (default), mp4, mkv.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" bitrate' -l 'bitrate' -d 'Bitrate per output: auto (default), low, medium, high, max, or e.g. 8M.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" preset' -l 'preset' -d 'x264/x265 preset: ultrafast … veryslow (default ultrafast).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" o output' -s 'o' -l 'output' -d 'Folder for takes (default ~/Videos/DualCam).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" audio' -l 'audio' -d 'Sound input: none, default, hw:CARD,DEV, plughw:CARD,DEV, synthetic, file (the sound of a file: camera), or auto (default: a file camera\'s sound when no camera is live, else the system\'s default input if one exists, else none).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" audio2' -l 'audio2' -d 'A second sound input (a device or synthetic), e.g. a second microphone.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" audio-mix' -l 'audio-mix' -d 'With --audio2: tracks (default: each input its own sound track in every file) or mix (both in one track).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" audio-rate' -l 'audio-rate' -d 'Sound samples per second (default 48000).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" audio-channels' -l 'audio-channels' -d 'Sound channels: 1 or 2 (default 2).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" audio-bitrate' -l 'audio-bitrate' -d 'AAC/Opus bitrate: 128k (default), 256k, 320k.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" audio-codec' -l 'audio-codec' -d 'Sound codec: aac (MOV/MP4 default), opus (MKV only, its default), pcm or pcm24 (lossless, MOV/MKV; the default for --codec ffv1 there).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" swap' -l 'swap' -d 'Put the back camera on top.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" split' -l 'split' -d 'Share of the height for the top camera: 50/50, 60/40, 70/30.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" canvas' -l 'canvas' -d 'Dual-view size: full (both at native size), portrait, landscape, WxH.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" scaling' -l 'scaling' -d 'How each camera fills its band: fill (crop) or fit (letterbox).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" border' -l 'border' -d 'Line between the cameras: PIXELS[:COLOR], e.g. 4:white or 6:#FF8800.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" front-zoom' -l 'front-zoom' -d 'Digital zoom of the front camera: FACTOR[@X,Y], X,Y in 0–1.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" back-zoom' -l 'back-zoom' -d 'Digital zoom of the back camera: FACTOR[@X,Y], X,Y in 0–1.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" duration' -l 'duration' -d 'Stop after this much recorded time (10s, 1m30s, 90). Default: until Ctrl-C.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" budget' -l 'budget' -d 'At a budget cost of 0.95 or more: adapt (make the suggested changes that fit), refuse (exit 3/4 with the explanation) or ignore (record with a warning).' -rfka 'refuse adapt ignore'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" quiet' -l 'quiet' -d 'Print no progress line, only the result.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" json' -l 'json' -d 'Print the take\'s metadata as JSON when done.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" version' -l 'version' -d 'Show the version.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam record" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam recover" o output' -s 'o' -l 'output' -d 'Recordings folder (default ~/Videos/DualCam).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam recover" version' -l 'version' -d 'Show the version.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam recover" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam devices" json' -l 'json' -d 'Print the devices as JSON.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam devices" version' -l 'version' -d 'Show the version.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam devices" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam controls"' -l 'set' -d 'Set a control: NAME=VALUE (repeatable).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam controls" reset' -l 'reset' -d 'Reset the named controls (or, with none named, all) to default.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam controls" json' -l 'json' -d 'Print the controls as JSON.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam controls" version' -l 'version' -d 'Show the version.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam controls" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" front' -l 'front' -d 'Front camera: device path, synthetic[:options] or file:PATH.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" back' -l 'back' -d 'Back camera: device path, synthetic[:options] or file:PATH.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" size' -l 'size' -d 'Camera frame size: WIDTHxHEIGHT, 480p, 720p, 1080p or 4k (default 1280x720).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" fps' -l 'fps' -d 'Frame rate of all outputs: 30, 29.97, 30000/1001 (default 30).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" codec' -l 'codec' -d 'Codec: h264 (default), hevc, mjpeg, ffv1 (lossless).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" camera-codec' -l 'camera-codec' -d 'Codec of the front and back files: copy (each camera\'s own MJPEG, not re-encoded), h264, hevc, mjpeg, ffv1 (default: as --codec).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" container' -l 'container' -d 'Container: mov (default), mp4, mkv.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" bitrate' -l 'bitrate' -d 'Bitrate per output: auto (default), low, medium, high, max, or e.g. 8M.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" preset' -l 'preset' -d 'x264/x265 preset: ultrafast … veryslow (default ultrafast).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" o output' -s 'o' -l 'output' -d 'Folder for takes (default ~/Videos/DualCam).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" audio' -l 'audio' -d 'Sound input: none, default, hw:CARD,DEV, plughw:CARD,DEV, synthetic, file (the sound of a file: camera), or auto (default: a file camera\'s sound when no camera is live, else the system\'s default input if one exists, else none).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" audio2' -l 'audio2' -d 'A second sound input (a device or synthetic), e.g. a second microphone.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" audio-mix' -l 'audio-mix' -d 'With --audio2: tracks (default: each input its own sound track in every file) or mix (both in one track).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" audio-rate' -l 'audio-rate' -d 'Sound samples per second (default 48000).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" audio-channels' -l 'audio-channels' -d 'Sound channels: 1 or 2 (default 2).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" audio-bitrate' -l 'audio-bitrate' -d 'AAC/Opus bitrate: 128k (default), 256k, 320k.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" audio-codec' -l 'audio-codec' -d 'Sound codec: aac (MOV/MP4 default), opus (MKV only, its default), pcm or pcm24 (lossless, MOV/MKV; the default for --codec ffv1 there).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" swap' -l 'swap' -d 'Put the back camera on top.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" split' -l 'split' -d 'Share of the height for the top camera: 50/50, 60/40, 70/30.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" canvas' -l 'canvas' -d 'Dual-view size: full (both at native size), portrait, landscape, WxH.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" scaling' -l 'scaling' -d 'How each camera fills its band: fill (crop) or fit (letterbox).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" border' -l 'border' -d 'Line between the cameras: PIXELS[:COLOR], e.g. 4:white or 6:#FF8800.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" front-zoom' -l 'front-zoom' -d 'Digital zoom of the front camera: FACTOR[@X,Y], X,Y in 0–1.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" back-zoom' -l 'back-zoom' -d 'Digital zoom of the back camera: FACTOR[@X,Y], X,Y in 0–1.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" duration' -l 'duration' -d 'Planned length of the take (10s, 1m30s, 90): checks it fits the disk.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" json' -l 'json' -d 'Print the budget as JSON, for scripts.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" version' -l 'version' -d 'Show the version.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam budget" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam list"' -s 'o' -l 'output' -d 'Folder of takes (default ~/Videos/DualCam); repeat for several.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam list" sort' -l 'sort' -d 'Sort by date (default), duration, size or name.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam list" reverse' -l 'reverse' -d 'Reverse the order (newest, longest, largest first).'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam list"' -l 'resolution' -d 'Only takes of this size, camera or dual view (e.g. 1280x720); repeatable.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam list" since' -l 'since' -d 'Only takes started on or after this day or time (2026-11-23 14:00).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam list" until' -l 'until' -d 'Only takes started before the end of this day, or this time.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam list" problems' -l 'problems' -d 'Only takes with dropped or repeated frames or a lost signal.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam list" search' -l 'search' -d 'Only takes whose name, date, devices, notes or tags contain this.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam list" json' -l 'json' -d 'Print the takes as JSON.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam list" verbose' -l 'verbose' -d 'Also say which other files and folders were passed over, and why.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam list" version' -l 'version' -d 'Show the version.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam show"' -s 'o' -l 'output' -d 'Folder of takes (default ~/Videos/DualCam); repeat for several.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam show" json' -l 'json' -d 'Print metadata.json as stored.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam show" version' -l 'version' -d 'Show the version.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam delete"' -s 'o' -l 'output' -d 'Folder of takes (default ~/Videos/DualCam); repeat for several.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam delete" permanent' -l 'permanent' -d 'Delete for good instead of moving to the Trash (needs --yes).'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam delete" yes' -l 'yes' -d 'Confirm a --permanent delete.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam delete" version' -l 'version' -d 'Show the version.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam delete" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam export"' -s 'o' -l 'output' -d 'Folder of takes (default ~/Videos/DualCam); repeat for several.' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam export" to' -l 'to' -d 'The folder to export into (must exist).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam export" container' -l 'container' -d 'Remux the videos into this container: mp4, mov or mkv (default: as recorded).' -rfka ''
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam export" version' -l 'version' -d 'Show the version.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam export" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dualcam' -n '__dualcam_should_offer_completions_for_flags_or_options "dualcam help" version' -l 'version' -d 'Show the version.'
